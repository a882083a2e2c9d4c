#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A Slurm cluster of this machine alone, kept in one folder: its munge key and
# munged, slurm.conf, slurmctld and slurmd, their state, sockets, pid files and logs.
#
#   singlenodeslurm.sh start DIR   start it (DIR is created, or must be empty) and
#                                  wait until the node is idle; then
#                                  `export SLURM_CONF=DIR/slurm.conf` for the clients
#   singlenodeslurm.sh stop DIR    stop every daemon it started there
#
# Root only (slurmd runs the jobs as their user). Ports are free ones, the munge socket
# is DIR's own, and nothing outside DIR is written, so a system Slurm or munge is left
# alone. start exits 77 when the cluster cannot be had here (a package missing, not
# root, a daemon that does not come up), saying why; the daemons it started are stopped.
set -uo pipefail
# The daemons are in sbin, which a root shell may not have on its path.
export PATH=$PATH:/usr/sbin:/sbin

readonly WAIT_SECONDS=${SLURM_START_TIMEOUT:-60}

say() { echo "singlenodeslurm: $*" >&2; }

# The last lines of each log, for a start that failed.
show_logs()
{
    local log
    for log in "$1"/munged.log "$1"/slurmctld.log "$1"/slurmd.log; do
        [ -s "$log" ] && { say "--- $log"; tail -n 15 "$log" >&2; }
    done
}

# Waits up to WAIT_SECONDS for the command to succeed.
wait_for()
{
    local deadline=$((SECONDS + WAIT_SECONDS))
    until "$@" >/dev/null 2>&1; do
        [ $SECONDS -lt $deadline ] || return 1
        sleep 0.5
    done
}

free_ports()
{
    python3 -c 'import socket
ss = [socket.socket() for _ in range(2)]
for s in ss: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in ss))'
}

# Each daemon takes a second or two to notice its TERM: they are told together. A pid
# file's process is signalled only while it is that daemon.
stop()
{
    local dir=$1 name pid pids=()
    for name in slurmd slurmctld munged; do
        [ -s "$dir/$name.pid" ] || continue
        pid=$(cat "$dir/$name.pid")
        [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$name" ] && kill "$pid" && pids+=("$pid")
        rm -f "$dir/$name.pid"
    done
    for _ in $(seq 100); do
        kill -0 "${pids[@]}" 2>/dev/null || return 0
        sleep 0.1
    done
    kill -KILL "${pids[@]}" 2>/dev/null
    return 0
}

node_idle()
{
    [ "$(sinfo -h -n "$1" -o %t)" = idle ]
}

start()
{
    local dir=$1 tool node ctld_port slurmd_port cpus memory
    for tool in munged mungekey slurmctld slurmd sbatch sinfo python3; do
        command -v "$tool" >/dev/null || {
            say "$tool is not installed (Debian: slurmctld slurmd slurm-client munge python3)"
            return 77
        }
    done
    [ "$(id -u)" = 0 ] || { say "not root: slurmd runs the jobs as their user"; return 77; }
    mkdir -p "$dir" && dir=$(cd "$dir" && pwd) || return 1
    [ -z "$(ls -A "$dir")" ] || { say "$dir is not empty"; return 1; }
    # munged wants every folder above its socket searchable by all, and a socket
    # path fits in 108 bytes.
    chmod 755 "$dir"
    local up=$dir
    while [ "$up" != / ]; do
        up=$(dirname "$up")
        [ $((0$(stat -c %a "$up") & 1)) = 1 ] ||
            { say "munged needs $up searchable by all (it is above the socket)"; return 1; }
    done
    [ ${#dir} -lt 80 ] || { say "$dir is too long a path for a socket"; return 1; }
    mkdir "$dir/state" "$dir/spool"

    node=$(hostname -s)
    cpus=$(nproc)
    # Less than slurmd finds (MiB), or it drains the node; the jobs ask for none.
    memory=$(awk '/^MemTotal:/ { print int($2 / 1024 / 2) }' /proc/meminfo)
    read -r ctld_port slurmd_port < <(free_ports)
    # Up to 6 tasks share a core (OverSubscribe), so a small job array runs at once
    # instead of a few tasks per scheduling pass.
    cat >"$dir/slurm.conf" <<EOF
ClusterName=schedlab
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SchedulerType=sched/backfill
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=main Nodes=$node Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:6
EOF

    mungekey --create --keyfile="$dir/munge.key" || return 77
    munged --socket="$dir/munge.sock" --key-file="$dir/munge.key" \
        --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" \
        --seed-file="$dir/munged.seed" ||
        { say "munged did not start"; show_logs "$dir"; stop "$dir"; return 77; }

    export SLURM_CONF=$dir/slurm.conf
    if ! slurmctld -f "$SLURM_CONF" || ! wait_for sinfo; then
        say "slurmctld did not start"; show_logs "$dir"; stop "$dir"; return 77
    fi
    if ! slurmd -f "$SLURM_CONF" || ! wait_for node_idle "$node"; then
        say "slurmd did not start, or its node did not come up idle"
        show_logs "$dir"; stop "$dir"; return 77
    fi
}

case "${1:-}:$#" in
    start:2) start "$2" ;;
    stop:2) stop "$2" ;;
    *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
