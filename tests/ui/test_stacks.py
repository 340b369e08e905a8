"""A page that hangs says what it waits for: SIGUSR1 makes a page's kernel (or the server) write the
stack of every one of its threads, and the process goes on."""

from __future__ import annotations

import os
import subprocess
import sys

CODE = """
import os, signal, threading, time
from companion.ui.page_kernel import stacks_on_signal
where = stacks_on_signal("kernel")
gate = threading.Event()
threading.Thread(target=gate.wait, name="a-waiting-thread", daemon=True).start()
os.kill(os.getpid(), signal.SIGUSR1)
print(where, "went on")
"""


def test_sigusr1_writes_every_threads_stack_to_the_folder_given(tmp_path):
    env = dict(os.environ, COMPANION_STACKS=str(tmp_path / "stacks"))
    out = subprocess.run([sys.executable, "-c", CODE], env=env, capture_output=True, text=True, check=True).stdout.split()
    path = tmp_path / "stacks" / f"kernel-{out[0].rsplit('-', 1)[1].split('.')[0]}.txt"
    assert out[0] == str(path) and out[1:] == ["went", "on"]
    text = path.read_text()
    assert text.count("most recent call first") >= 2 and "in wait" in text  # the main thread and the waiting one


def test_without_a_folder_the_stacks_go_to_the_terminal():
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_STACKS"}
    done = subprocess.run([sys.executable, "-c", CODE], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["None", "went", "on"] and "most recent call first" in done.stderr
