"""Real-browser test support: a JupyterLab server in a temporary folder and Debian's chromium via Playwright.

The server listens on 127.0.0.1 on a free port with a random token; its
settings, workspaces and runtime files live in the temporary folder, so tests
never touch the user's own Jupyter set-up. Chromium is Debian's
(``/usr/bin/chromium``); Playwright never downloads a browser here.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
STEP = 60_000
"""Milliseconds a browser test waits for a widget's answer to a click, a key or an edit: generous, since the
wait ends as soon as the answer shows, and a busy 2-core machine can take many seconds to run the kernel's side."""
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def browser_problem() -> tuple[str, str] | None:
    """Why the browser tests cannot run: ``("skip", reason)`` with no apt, ``("fail", reason)`` otherwise."""
    if CHROMIUM.exists():
        return None
    if shutil.which("apt-get") is None:
        return "skip", f"{CHROMIUM} is missing and this machine has no apt-get to install Debian's chromium"
    if os.geteuid() != 0 and shutil.which("sudo") is None:
        return "skip", f"{CHROMIUM} is missing and apt-get cannot install it here (not root, no sudo)"
    return "fail", (
        f"{CHROMIUM} is missing although apt-get is available: run `sh tools/install_chromium.sh`"
        " (the README's test command does)"
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def notebook(cells: list[str]) -> dict:
    """A notebook (nbformat 4) of code cells, for the venv's ``python3`` kernel."""
    return {
        "cells": [
            {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}
            for source in cells
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_notebook(path: Path, cells: list[str]) -> None:
    path.write_text(json.dumps(notebook(cells), indent=1), encoding="utf-8")


class JupyterServer:
    """A running Jupyter server (JupyterLab and Notebook 7 both served) rooted at ``root``."""

    def __init__(self, root: Path):
        self.root = root
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.log_path = root.parent / f"jupyter-{self.port}.log"
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, ui: str, name: str) -> str:
        """The address of notebook ``name`` in ``ui`` ("lab" or "notebook")."""
        if ui == "lab":  # a workspace of its own, so no tab of an earlier test is restored beside it
            workspace = re.sub(r"[^A-Za-z0-9]+", "-", name)
            return f"{self.base}/lab/workspaces/{workspace}/tree/{name}?reset&token={self.token}"
        return f"{self.base}/notebooks/{name}?token={self.token}"

    def start(self, timeout: float = 90) -> None:
        home = self.root.parent / "jupyter-home"
        env = dict(os.environ)
        env.update(
            JUPYTER_CONFIG_DIR=str(home / "config"),
            JUPYTER_RUNTIME_DIR=str(home / "runtime"),
            JUPYTERLAB_SETTINGS_DIR=str(home / "lab-settings"),
            JUPYTERLAB_WORKSPACES_DIR=str(home / "lab-workspaces"),
            JUPYTER_PLATFORM_DIRS="1",
            PYDEVD_DISABLE_FILE_VALIDATION="1",
        )
        self._write_lab_settings(home / "lab-settings")
        command = [
            sys.executable, "-m", "jupyterlab",
            "--no-browser", "--ip=127.0.0.1", f"--port={self.port}", "--port-retries=0",
            f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={self.root}",
            "--ServerApp.allow_root=True", "--LabApp.news_url=",
        ]
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(command, env=env, stdout=self.log, stderr=subprocess.STDOUT, cwd=self.root)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited early:\n{self.log_path.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{self.base}/api/status?token={self.token}", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"JupyterLab did not answer within {timeout} s:\n{self.log_path.read_text()[-3000:]}")

    @staticmethod
    def _write_lab_settings(folder: Path) -> None:
        """No news pop-up and no update check: the browser sees only the notebook."""
        news = folder / "@jupyterlab" / "apputils-extension"
        news.mkdir(parents=True, exist_ok=True)
        (news / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False})
        )

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if getattr(self, "log", None):
            self.log.close()


@contextmanager
def jupyter_server(root: Path):
    server = JupyterServer(root)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def run_all_cells(page, ui: str, attempts: int = 3) -> None:
    """Run every cell of the open notebook from the Run menu, as a user would.

    The menu item stays disabled until the notebook is the current document,
    so a click that came too early is tried again until the first cell runs.
    """
    started = "() => [...document.querySelectorAll('.jp-InputPrompt')].some(p => /\\[(\\*|\\d+)\\]/.test(p.textContent))"
    for attempt in range(attempts):
        page.locator(".jp-Notebook .jp-Cell").first.click()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        item = page.get_by_role("menuitem", name="Run All Cells", exact=True)
        item.wait_for()
        if item.get_attribute("aria-disabled") == "true":
            page.keyboard.press("Escape")
            page.wait_for_timeout(1000)
            continue
        item.click()
        try:
            page.wait_for_function(started, timeout=15_000)
            return
        except Exception:
            if attempt == attempts - 1:
                raise
    raise RuntimeError("the Run All Cells menu item stayed disabled")


def wait_for_kernel(page, timeout: float = 90_000) -> None:
    """Wait until the notebook is shown and its kernel is connected and idle."""
    page.wait_for_selector('.jp-Notebook-ExecutionIndicator[data-status="idle"]', timeout=timeout)


@contextmanager
def lab_theme(server: JupyterServer, theme: str):
    """JupyterLab pages opened inside the block use ``theme`` ("JupyterLab Dark"), as a user who chose it."""
    folder = server.root.parent / "jupyter-home" / "lab-settings" / "@jupyterlab" / "apputils-extension"
    folder.mkdir(parents=True, exist_ok=True)
    settings = folder / "themes.jupyterlab-settings"
    settings.write_text(json.dumps({"theme": theme}))
    try:
        yield
    finally:
        settings.unlink(missing_ok=True)


def shut_down_kernel(server: JupyterServer, notebook: str) -> None:
    """Shut down the kernel of the open notebook ``notebook`` from outside the page, as if it had died."""
    headers = {"Authorization": f"token {server.token}"}
    with urllib.request.urlopen(urllib.request.Request(f"{server.base}/api/sessions", headers=headers)) as answer:
        sessions = [s for s in json.loads(answer.read()) if s["path"].endswith(notebook)]
    assert sessions, f"no kernel runs {notebook}"
    for session in sessions:
        url = f"{server.base}/api/kernels/{session['kernel']['id']}"
        urllib.request.urlopen(urllib.request.Request(url, headers=headers, method="DELETE")).close()
