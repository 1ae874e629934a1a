"""One ``streamlit run app.py`` on a free local port, as the benchmarks and browser tests use it.

The one place that starts the site's server, waits for its health check and stops it:
the load and click benchmarks, ``tests/browser/conftest.py`` and the tests that need a live
server all import :class:`StreamlitServer`. The project's ``.streamlit/config.toml`` applies (no file
watcher, static card faces served); ``prefix`` runs the server under another command (a
profiler: ``("py-spy", "record", "-o", "out.svg", "--")``).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parent.parent
STARTUP_TIMEOUT = 60.0


class ServerError(RuntimeError):
    """The server did not become healthy (the end of its log is in the message)."""


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def healthy(url: str) -> bool:
    """Whether the Streamlit server at ``url`` answers its health check."""
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as resp:
            return bool(resp.status == 200)
    except OSError:
        return False


class StreamlitServer:
    """``streamlit run app.py`` in ``root`` (this checkout by default), logging to a temporary
    file; :meth:`start` waits until it is healthy. Also a context manager. ``script``:
    ``site_app.py`` serves the site through its ASGI launcher (the HttpOnly cookie route)."""

    def __init__(self, root: Path = ROOT, *, env: Mapping[str, str] | None = None,
                 prefix: Sequence[str] = (), script: str = "app.py") -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 - lives as long as the server
            prefix=f"streamlit-{self.port}-", suffix=".log", delete=False)
        cmd = [*prefix, sys.executable, "-m", "streamlit", "run", script,
               "--server.headless", "true", "--server.port", str(self.port),
               "--server.address", "127.0.0.1", "--server.fileWatcherType", "none",
               "--browser.gatherUsageStats", "false"]
        self.proc = subprocess.Popen(cmd, cwd=root, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True, env={**os.environ, **(env or {})})
        #: The process running Streamlit (under a ``prefix``, found once it is up).
        self.pid = self.proc.pid

    def start(self, timeout: float = STARTUP_TIMEOUT) -> StreamlitServer:
        """Wait for the health check; on failure stop and raise :class:`ServerError`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.proc.poll() is None:
            if healthy(self.url):
                self.pid = self._python_pid()
                return self
            time.sleep(0.25)
        self.stop()
        raise ServerError(f"streamlit did not become healthy at {self.url}:\n{self.tail()}")

    def _python_pid(self) -> int:
        """The Streamlit process: the one started, or its child under a ``prefix``."""
        children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        try:
            found = children.read_text().split()
        except OSError:
            return self.proc.pid
        return int(found[0]) if found else self.proc.pid

    def tail(self, chars: int = 3000) -> str:
        """The end of the server's log."""
        return Path(self.log.name).read_text(errors="replace")[-chars:]

    def rss_mb(self) -> float:
        """The server process's resident memory, in MB (NaN once it has gone)."""
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        except OSError:
            pass
        return float("nan")

    def cpu_seconds(self) -> float:
        """The server process's CPU time so far (user + system), in seconds."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        """Terminate the server, killing it if it lingers (under a ``prefix``, Streamlit
        first: a profiler then writes its record as its child ends)."""
        if self.proc.poll() is None and self.pid != self.proc.pid:
            try:
                os.kill(self.pid, signal.SIGTERM)
                self.proc.wait(timeout=20)
            except (OSError, subprocess.TimeoutExpired):
                pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        self.log.close()

    def __enter__(self) -> StreamlitServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()
