"""A throwaway PostgreSQL cluster on this machine, for trying the PostgreSQL store.

It uses the server binaries of the Debian packages (``initdb``, ``pg_ctl`` under
``/usr/lib/postgresql/*/bin``), keeps the data in one folder, listens on
127.0.0.1 only, trusts every local connection (no password: loopback only,
never a club's real server) and holds one database, ``puntobanco``::

    python3 tools/pgcluster.py start --dir /tmp/pb-pg --port 54329
    postgresql://puntobanco@127.0.0.1:54329/puntobanco
    python3 tools/pgcluster.py stop --dir /tmp/pb-pg

``start`` prints the URL to give as ``--db``; run again on the same folder it
starts the same cluster (its data kept); ``stop --remove`` also deletes the
folder. ``initdb`` refuses to run as root: as root the helper runs the server
as the ``postgres`` user (``runuser``), which then owns the folder.

A developer's tool (the tests and CI start their database with it), not part of
the library: standard library only, so that it runs before anything is installed.
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

USER: Final = "puntobanco"
DATABASE: Final = "puntobanco"
SERVER_USER: Final = "postgres"
_PORT_FILE: Final = "port"


class ClusterError(RuntimeError):
    """The server is not installed, or the cluster did not start or stop."""


def bindir() -> Path:
    """The folder of ``initdb`` and ``pg_ctl``: the newest Debian version, else ``PATH``."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: (
            int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0
        ),
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb is None:
        raise ClusterError(
            "PostgreSQL's server is not installed (no initdb under /usr/lib/postgresql/*/bin"
            " nor on PATH); on Debian: apt-get install postgresql"
        )
    return Path(initdb).parent


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass(frozen=True, slots=True)
class Cluster:
    """A started cluster: its folder, its port, the URL of its database."""

    folder: Path
    port: int

    @property
    def url(self) -> str:
        """``postgresql://puntobanco@127.0.0.1:PORT/puntobanco``."""
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{DATABASE}"

    @property
    def data(self) -> Path:
        """The cluster's data folder (inside ``folder``)."""
        return self.folder / "data"


def _as_server(command: Sequence[str], folder: Path) -> subprocess.CompletedProcess[str]:
    """Run a server binary, as ``postgres`` when we are root."""
    argv = list(command)
    if os.geteuid() == 0:
        argv = ["runuser", "-u", SERVER_USER, "--", *argv]
    return subprocess.run(argv, cwd=folder, capture_output=True, text=True, check=False)


def _check(done: subprocess.CompletedProcess[str], what: str, folder: Path) -> None:
    if done.returncode != 0:
        reason = (done.stderr or done.stdout).strip().splitlines()
        raise ClusterError(
            f"the PostgreSQL cluster in {folder} did not start ({what}): {' / '.join(reason[-3:])}"
        )


def _prepare(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(folder, SERVER_USER, SERVER_USER)
        folder.chmod(0o700)
        # The server user must be able to reach the folder through its parents.
        probe = _as_server(["test", "-w", str(folder)], folder.parent)
        if probe.returncode != 0:
            raise ClusterError(
                f"the user {SERVER_USER!r} cannot write to {folder}: choose a folder under /tmp"
                " or one it can reach"
            )


def start(folder: str | os.PathLike[str], port: int | None = None) -> Cluster:
    """Create (first time) and start the cluster in ``folder``; returns it when it accepts
    connections. ``ClusterError`` when the server is not installed or does not start."""
    folder = Path(folder).absolute()
    bins = bindir()
    _prepare(folder)
    cluster_port = port
    if cluster_port is None and (folder / _PORT_FILE).is_file():
        cluster_port = int((folder / _PORT_FILE).read_text().strip())
    cluster = Cluster(folder, cluster_port or free_port())
    if not (cluster.data / "PG_VERSION").is_file():
        done = _as_server(
            [
                str(bins / "initdb"),
                "-D",
                str(cluster.data),
                "-U",
                USER,
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
            folder,
        )
        _check(done, "initdb", folder)
    options = f"-p {cluster.port} -h 127.0.0.1 -k {folder} -c max_connections=300"
    done = _as_server(
        [
            str(bins / "pg_ctl"),
            "-D",
            str(cluster.data),
            "-l",
            str(folder / "server.log"),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        ],
        folder,
    )
    _check(done, "pg_ctl start", folder)
    (folder / _PORT_FILE).write_text(f"{cluster.port}\n")
    _create_database(bins, cluster)
    return cluster


def _create_database(bins: Path, cluster: Cluster) -> None:
    common = ["-h", "127.0.0.1", "-p", str(cluster.port), "-U", USER]
    for _ in range(50):  # pg_ctl -w returns once the server accepts; be patient anyway
        listed = subprocess.run(
            [
                str(bins / "psql"),
                *common,
                "-d",
                "postgres",
                "-Atc",
                "SELECT datname FROM pg_database",
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if listed.returncode == 0:
            break
        time.sleep(0.1)
    _check(listed, "psql", cluster.folder)
    if DATABASE not in listed.stdout.split():
        created = subprocess.run(
            [str(bins / "createdb"), *common, DATABASE], capture_output=True, text=True, check=False
        )
        _check(created, "createdb", cluster.folder)


def stop(folder: str | os.PathLike[str], *, remove: bool = False, mode: str = "fast") -> None:
    """Stop the cluster in ``folder`` (``mode``: pg_ctl's ``fast`` shutdown, or
    ``immediate``, as a crash stops it); with ``remove``, delete the folder.
    Stopping a cluster that is not running is not an error."""
    assert mode in ("fast", "immediate", "smart")
    folder = Path(folder).absolute()
    if (folder / "data" / "postmaster.pid").is_file():
        done = _as_server(
            [str(bindir() / "pg_ctl"), "-D", str(folder / "data"), "-m", mode, "-w", "stop"],
            folder,
        )
        _check(done, "pg_ctl stop", folder)
    if remove:
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    """``python3 tools/pgcluster.py start|stop|url --dir DIR [--port N]``."""
    parser = argparse.ArgumentParser(
        prog="tools/pgcluster.py",
        description="A throwaway PostgreSQL cluster on 127.0.0.1 for trying puntobanco.",
    )
    parser.add_argument("action", choices=["start", "stop", "url"])
    parser.add_argument("--dir", required=True, help="the cluster's folder (created if missing)")
    parser.add_argument("--port", type=int, help="start: the TCP port (default: a free one)")
    parser.add_argument("--remove", action="store_true", help="stop: delete the folder too")
    args = parser.parse_args(argv)
    try:
        if args.action == "start":
            print(start(args.dir, args.port).url)
        elif args.action == "stop":
            stop(args.dir, remove=args.remove)
        else:
            port = int((Path(args.dir) / _PORT_FILE).read_text().strip())
            print(Cluster(Path(args.dir).absolute(), port).url)
    except (ClusterError, OSError) as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
