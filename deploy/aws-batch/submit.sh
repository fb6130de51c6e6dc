#!/bin/bash
# An AWS Batch array job of SHARDS children (AWS_BATCH_JOB_ARRAY_INDEX = 0 … SHARDS-1), then the
# merge, which starts only when every child succeeded (it depends on the array job as a whole).
#   QUEUE=my-queue SHARDS=8 ./submit.sh
# SHARDS must equal the SHARDS of job-definition.json (the N of --shard auto/N).
set -euo pipefail
cd "$(dirname "$0")"
: "${QUEUE:?set QUEUE to the job queue}"
SHARDS="${SHARDS:-8}"
aws batch register-job-definition --cli-input-json file://job-definition.json >/dev/null
aws batch register-job-definition --cli-input-json file://merge-job-definition.json >/dev/null
array=$(aws batch submit-job --job-name dictclip-shards --job-queue "$QUEUE" --job-definition dictclip-shard \
  --array-properties "size=${SHARDS}" \
  --container-overrides "environment=[{name=SHARDS,value=${SHARDS}}]" --query jobId --output text)
aws batch submit-job --job-name dictclip-merge --job-queue "$QUEUE" --job-definition dictclip-merge \
  --depends-on "jobId=${array}" --query jobId --output text
