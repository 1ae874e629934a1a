"""A throwaway PostgreSQL cluster for the tests and the store benchmark.

:class:`Cluster` runs ``initdb`` into a fresh temporary folder and ``pg_ctl start`` on a free
port of 127.0.0.1, with its unix socket in that folder, and removes it all on :meth:`stop`: a
cluster per test process (per xdist worker) or per benchmark run, none shared.
PostgreSQL refuses to run as root: as root, the server runs as the ``postgres`` user (Debian's
package makes it), or a system user this module creates. Only the server binaries are needed
(``/usr/lib/postgresql/*/bin``, or ``PG_BIN``); nothing is configured on the machine.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

USER = "postgres"
FALLBACK_USER = "chinchon-pg"


def find_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: ``PG_BIN``, else the newest Debian one."""
    candidates = [os.environ["PG_BIN"]] if os.environ.get("PG_BIN") else sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name))[::-1]
    for folder in candidates:
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _server_user() -> str | None:
    """Who runs the server: None (ourselves) unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in (USER, FALLBACK_USER):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            pass
    subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                    FALLBACK_USER], check=True, capture_output=True)
    return FALLBACK_USER


class Cluster:
    """One PostgreSQL server of our own; :meth:`url` names a database on it."""

    def __init__(self, bin_dir: Path, *, durable: bool = False) -> None:
        self.bin = bin_dir
        self.user = _server_user()
        self.root = Path(tempfile.mkdtemp(prefix="chinchon-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = _free_port()
        self.durable = durable
        self._databases = 0
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                  "--no-instructions", *([] if durable else ["--no-sync"]))
        self._start_on_a_free_port()

    def _start_on_a_free_port(self, tries: int = 3) -> None:
        """Start; another process (an xdist worker's cluster) may take the free port between
        our look and the server's bind, so on failure try again on another one."""
        for attempt in range(tries):
            try:
                self.start()
                return
            except RuntimeError:
                if attempt == tries - 1:
                    raise
                self.port = _free_port()

    def _run(self, tool: str, *args: str) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin / tool), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.root)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr.strip()}\n{log}")
        return done

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                   f"-c max_connections=200")
        if not self.durable:  # tests: a crash loses nothing we care about
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                  "-o", options, "start")

    def stop(self, remove: bool = False) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        if remove:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str | None = None) -> str:
        """A new empty database; returns its URL."""
        self._databases += 1
        name = name or f"chinchon_{self._databases}"
        self._run("createdb", "-h", str(self.root), "-p", str(self.port), "-U", "postgres", name)
        return self.url(name)
