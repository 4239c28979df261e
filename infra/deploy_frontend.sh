#!/usr/bin/env bash
# Uploads frontend/ to the stack's site bucket and refreshes CloudFront.
# Run after `sam deploy`; needs the AWS CLI and credentials for the account.
#   infra/deploy_frontend.sh [stack-name]     (default: istaka)
set -euo pipefail
cd "$(dirname "$0")/.."
STACK=${1:-istaka}
output() {
    aws cloudformation describe-stacks --stack-name "$STACK" \
        --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text
}
BUCKET=$(output SiteBucketName)
DISTRIBUTION=$(output DistributionId)
# index.html and the service worker must be fetched fresh, everything else may be cached.
aws s3 sync frontend/ "s3://$BUCKET/" --delete \
    --exclude index.html --exclude embed.html --exclude sw.js \
    --cache-control "public, max-age=3600"
for page in index.html embed.html sw.js; do
    if [ -f "frontend/$page" ]; then
        aws s3 cp "frontend/$page" "s3://$BUCKET/$page" --cache-control "no-cache"
    fi
done
aws cloudfront create-invalidation --distribution-id "$DISTRIBUTION" --paths "/*" >/dev/null
echo "site: $(output SiteUrl)"
