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
# Each kind of file with its Content-Type said outright, not guessed by the CLI from the
# machine's mime tables: CloudFront compresses a file only if its type is on its list
# (text/markdown is not, so the rules go as text/plain). infra/devserver.py's CONTENT_TYPES
# holds the same values; tests/api/web/test_deploy_frontend.py keeps the two equal and checks
# that every file under frontend/ has its line here.
TYPES=(
    "html text/html; charset=utf-8"
    "js text/javascript; charset=utf-8"
    "css text/css; charset=utf-8"
    "md text/plain; charset=utf-8"
    "json application/json"
    "svg image/svg+xml"
    "webmanifest application/manifest+json"
    "png image/png"
)
# The pages (index.html, embed.html, tg.html, embed-demo.html), the service worker and
# embed.js (other sites load it by a fixed address) must be fetched fresh, the rest may be cached.
FRESH=(index.html embed.html tg.html embed-demo.html sw.js embed.js)
fresh_filters=()
for page in "${FRESH[@]}"; do fresh_filters+=(--exclude "$page"); done
for entry in "${TYPES[@]}"; do
    ext=${entry%% *}
    type=${entry#* }
    # cp, not sync: it uploads every file again, so a changed Content-Type reaches S3 too.
    aws s3 cp frontend/ "s3://$BUCKET/" --recursive --only-show-errors \
        --exclude "*" --include "*.$ext" "${fresh_filters[@]}" \
        --content-type "$type" --cache-control "public, max-age=3600"
    for page in "${FRESH[@]}"; do
        if [ "${page##*.}" = "$ext" ] && [ -f "frontend/$page" ]; then
            aws s3 cp "frontend/$page" "s3://$BUCKET/$page" --only-show-errors \
                --content-type "$type" --cache-control "no-cache"
        fi
    done
done
# Removes what is no longer in frontend/ (everything left was just uploaded).
aws s3 sync frontend/ "s3://$BUCKET/" --delete --only-show-errors
aws cloudfront create-invalidation --distribution-id "$DISTRIBUTION" --paths "/*" >/dev/null
echo "site: $(output SiteUrl)"
