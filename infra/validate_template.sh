#!/usr/bin/env bash
# Lints template.yaml with cfn-lint and `sam validate --lint`, offline and without
# credentials (a region is all SAM needs to translate the template).
set -euo pipefail
cd "$(dirname "$0")/.."
"$(dirname "$0")/setup_sam.sh" >/dev/null
export AWS_DEFAULT_REGION=${AWS_DEFAULT_REGION:-us-east-1}
export SAM_CLI_TELEMETRY=0
# SAM CLI ships cfn-lint in its own venv; use that one so the versions agree.
.venv-sam/bin/cfn-lint template.yaml
env -u AWS_PROFILE .venv-sam/bin/sam validate --lint --template-file template.yaml
