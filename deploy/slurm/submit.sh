#!/bin/bash
# Submit the shard array, then the merge with a dependency on every task of it.
#   INPUT_DIR=/shared/recordings SHARD_DIR=/shared/shards MERGED_DIR=/shared/dataset ./submit.sh
# A failed task can be resubmitted alone (sbatch --array=K shards.sbatch): its output resumes.
set -euo pipefail
cd "$(dirname "$0")"
export INPUT_DIR SHARD_DIR MERGED_DIR
array=$(sbatch --parsable --export=ALL shards.sbatch)
sbatch --parsable --export=ALL --dependency="afterok:${array}" merge.sbatch
