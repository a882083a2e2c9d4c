#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `sweep --slurm` on a Slurm cluster of this machine (singlenodeslurm.sh): a small
# sweep as a 12-task job array, merged, gives the local sweep's files byte for byte;
# with two of its tasks cancelled, merge names them and exits 3, and the resume command
# it prints runs those two alone and completes the sweep with the same files.
#
#   slurm_sweep.sh SCHEDLAB_CLI SOURCE_DIR
#
# Exits 77 (skipped) without Slurm and munge, when not root, or where the cluster does
# not start; any failure of the sweep's own part fails.
set -euo pipefail
# The daemons are in sbin, which a root shell may not have on its path.
export PATH=$PATH:/usr/sbin:/sbin

readonly cli=$1 source=$2
readonly harness=$source/tests/cluster/singlenodeslurm.sh
readonly JOB_SECONDS=120

skip()
{
    echo "SKIP: $*"
    exit 77
}

fail()
{
    echo "FAIL: $*" >&2
    exit 1
}

readonly enable="as root, with Slurm and munge installed: apt-get install slurmctld slurmd \
slurm-client munge (make deps does), then ctest -R slurm"
for tool in slurmctld slurmd sbatch munged; do
    command -v "$tool" >/dev/null || skip "$tool is not installed. To run this test: $enable"
done
[ "$(id -u)" = 0 ] || skip "not root (slurmd runs the jobs as their user). To run this test: $enable"

# Run inside a Slurm job, sbatch would take the outer job's settings (a partition, an
# account) for this cluster's.
unset "${!SBATCH_@}" "${!SLURM_@}"

# In /tmp and searchable by all: munged wants every folder above its socket so.
work=$(mktemp -d /tmp/schedlab-slurm.XXXXXX)
chmod 755 "$work"
trap 'bash "$harness" stop "$work/cluster"; rm -rf "$work"' EXIT
bash "$harness" start "$work/cluster" || {
    [ $? = 77 ] && skip "Slurm does not start on this machine (above)"
    fail "the cluster's harness failed"
}
export SLURM_CONF=$work/cluster/slurm.conf

# 3 values × 2 policies × 2 seeds: 12 runs of 30 simulated seconds, one task each.
sweep=(sweep "$source/scenarios/tutorial.yaml" --param "workload.requests.rate=2/s,5/s,10/s"
    --dispatch "greedy,random" --seeds 2 --duration 30s --metric "throughput_rate,dropped")

# Waits for every task of the job to leave the queue, then fails unless each of
# `expected` (task indices) completed.
wait_job()
{
    local job=$1 expected=$2 deadline=$((SECONDS + JOB_SECONDS)) queued task state
    while queued=$(squeue -h -j "$job" -o %i) && [ -n "$queued" ]; do
        [ $SECONDS -lt $deadline ] || { squeue -j "$job"; fail "job $job still queued after ${JOB_SECONDS}s"; }
        sleep 0.5
    done
    for task in $expected; do
        state=$(scontrol -o show job "${job}_$task" | grep -o 'JobState=[A-Z_]*') ||
            fail "Slurm knows no task $task of job $job"
        [ "$state" = JobState=COMPLETED ] || {
            cat "$out/slurm/${job}_$task.out" >&2 || true
            fail "task $task of job $job: $state"
        }
    done
}

# The tasks of the job, from their output files (OUT/slurm/JOB_TASK.out), in order.
tasks_run()
{
    local f
    for f in "$out/slurm/$1"_*.out; do
        f=${f##*_}
        echo "${f%.out}"
    done | sort -n | xargs
}

# Every file of the local sweep has its twin in the merged folder.
same_files()
{
    local f n=0
    for f in "$work/local"/*.csv "$work/local"/*.json; do
        cmp "$f" "$1/${f##*/}" || fail "$1/${f##*/} differs from the local sweep's"
        n=$((n + 1))
    done
    [ $n -gt 0 ] || fail "the local sweep wrote no CSV or JSON"
}

# Runs sweep --slurm (or the command given) and prints the job id it reports.
submitted()
{
    local said job
    said=$("$@") || fail "$* failed"
    job=$(sed -n 's/^submitted job \([0-9][0-9]*\).*/\1/p' <<<"$said")
    [ -n "$job" ] || fail "$* reported no job: $said"
    echo "$job"
}

mkdir "$work/local"
"$cli" "${sweep[@]}" --jobs 2 --out "$work/local/" >/dev/null ||
    fail "the local sweep failed"

echo "== the whole array"
out=$work/array
job=$(submitted "$cli" "${sweep[@]}" --out "$out" --slurm)
[ -s "$out/plan.json" ] || fail "no $out/plan.json"
[ -s "$out/slurm/job.sbatch" ] || fail "no $out/slurm/job.sbatch"
wait_job "$job" "$(seq 0 11)"
[ "$(tasks_run "$job")" = "$(seq 0 11 | xargs)" ] || fail "job $job ran tasks $(tasks_run "$job")"
"$cli" merge "$out" || fail "merge of the whole array exited $?"
same_files "$out"

echo "== two tasks cancelled, then resumed"
out=$work/cut
# The partition takes the array but starts none of it until two tasks are gone.
scontrol update PartitionName=main State=DOWN
job=$(submitted "$cli" "${sweep[@]}" --out "$out" --slurm)
scancel "${job}_3" "${job}_8"
scontrol update PartitionName=main State=UP
wait_job "$job" "0 1 2 4 5 6 7 9 10 11"
status=0
"$cli" merge "$out" >"$work/resume.sh" 2>"$work/merge.err" || status=$?
cat "$work/merge.err"
[ $status = 3 ] || fail "merge with two tasks missing exited $status, not 3"
[ "$(grep -o '^ *task [0-9]*:' "$work/merge.err" | xargs)" = "task 3: task 8:" ] ||
    fail "merge did not name tasks 3 and 8 alone as missing"
grep -q -- ' sweep --resume ' "$work/resume.sh" || fail "merge printed no resume command"
job=$(submitted bash "$work/resume.sh")
wait_job "$job" "3 8"
[ "$(tasks_run "$job")" = "3 8" ] || fail "the resumed job $job ran tasks $(tasks_run "$job"), not 3 8"
"$cli" merge "$out" || fail "merge after the resume exited $?"
same_files "$out"
echo "PASS: the array's merged files and the resumed ones are the local sweep's"
