"""The kernels' disk caches: one folder per version of a kernel's source, folders unused for a
month removed, and cache faults that never stop the kernels: a corrupt entry is compiled
again, a read-only cache is read where it lies (and nothing written elsewhere), and
processes preparing a cold cache at once compile it once.

Every fault is staged under a temporary ``XDG_CACHE_HOME``, never the user's cache, on a
tiny kernel module written for the test (compiled in about a second)."""

from __future__ import annotations

import functools
import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

import battleline
from battleline import compiled

needs_numba = pytest.mark.skipif(not compiled.compiled(), reason="the plain-Python mode has no compile cache")

SRC = Path(battleline.__file__).resolve().parent.parent

TINY_KERNEL = '''from battleline.compiled import kernel_function


@kernel_function
def add_one(x):
    return x + 1
'''

# Prepares the tiny kernel as a game's kernel is prepared and prints "result hits misses".
# With a folder argument, its warm-up first waits there (2 s at most) for another process's
# warm-up to start, so that without a lock both would compile.
PREPARE_TINY = '''import os, sys, time, warnings
from pathlib import Path
warnings.simplefilter("always")
import numba
import tiny_kernel
from battleline import compiled

numba.njit(lambda x: x)(1)         # numba's start-up (a second or so), before the meeting


def warm():
    if len(sys.argv) > 1:
        meeting = Path(sys.argv[1])
        (meeting / f"warming-{os.getpid()}").touch()
        waited = time.monotonic() + 2.0
        while len(list(meeting.glob("warming-*"))) < 2 and time.monotonic() < waited:
            time.sleep(0.005)
    tiny_kernel.add_one(1)


compiled.Preparation("tiny", warm, Path(tiny_kernel.__file__).parent).prepare()
stats = tiny_kernel.add_one.stats
print(tiny_kernel.add_one(1), sum(stats.cache_hits.values()), sum(stats.cache_misses.values()))
'''


def test_folders_unused_for_a_month_are_removed_and_others_kept(tmp_path):
    now = time.time()
    old, recent, other = tmp_path / "numba-old", tmp_path / "numba-recent", tmp_path / "notes-old"
    for folder in (old, recent, other):
        folder.mkdir()
        (folder / "index.nbi").write_text("x")
    month = compiled.CACHE_UNUSED_DAYS * 86400
    os.utime(old, (now - month - 60, now - month - 60))
    os.utime(other, (now - month - 60, now - month - 60))      # not a kernel cache: not ours
    os.utime(recent, (now - month + 3600, now - month + 3600))
    assert compiled.prune_cache_folders(str(tmp_path), now=now) == [str(old)]
    assert not old.exists() and recent.exists() and other.exists()
    assert compiled.prune_cache_folders(str(tmp_path / "missing"), now=now) == []


def test_a_folder_in_use_is_marked_used(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    package = tmp_path / "somekernel"
    package.mkdir()
    (package / "step.py").write_text("def step(x):\n    return x + 1\n")
    namespace = {}
    exec(compile((package / "step.py").read_text(), str(package / "step.py"), "exec"), namespace)
    folder = tmp_path / "cache" / "battleline" / f"numba-{compiled.source_fingerprint(package)}"
    folder.mkdir(parents=True)
    os.utime(folder, (1, 1))                   # last used in 1970
    step = compiled.kernel_function(namespace["step"])
    assert step(1) == 2
    if compiled.compiled():                    # plain Python has no cache to mark
        assert os.path.getmtime(folder) > time.time() - 3600


# ------------------------------------------------------------------ helpers for cache faults
def write_tiny_kernel(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tiny_kernel.py").write_text(TINY_KERNEL)
    (folder / "prepare_tiny.py").write_text(PREPARE_TINY)
    return folder


def load_tiny_kernel(folder: Path, name: str):
    """A fresh import of ``folder/tiny_kernel.py`` (a new dispatcher, as in a new process)."""
    spec = importlib.util.spec_from_file_location(name, folder / "tiny_kernel.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cache_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.suffix in (".nbi", ".nbc"))


def environment(tmp_path: Path, *paths: Path) -> dict:
    """The environment for a child process: the cache under ``tmp_path`` (never the user's),
    ``HOME`` there too, ``paths`` first on the import path."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    for folder in (tmp_path / "cache", tmp_path / "home"):
        folder.mkdir(exist_ok=True)
    env.update(XDG_CACHE_HOME=str(tmp_path / "cache"), HOME=str(tmp_path / "home"), PYTHONDONTWRITEBYTECODE="1",
               PYTHONPATH=os.pathsep.join(str(p) for p in (*paths, SRC)))
    return env


@functools.cache
def root_can_mount_read_only() -> bool:
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        q = shlex.quote(folder)
        script = f"mount --bind {q} {q} && mount -o remount,bind,ro {q} {q} && ! touch {q}/probe 2>/dev/null"
        try:
            return subprocess.run(["unshare", "-m", "sh", "-c", script], capture_output=True).returncode == 0
        except OSError:
            return False


@contextmanager
def read_only(*folders: Path):
    """Make ``folders`` read-only for a child process; yields the function that wraps its
    command. Root ignores file modes, so as root the folders are bind-mounted read-only in a
    mount namespace of the child's own (``unshare -m``); otherwise their modes lose ``w``."""
    if os.geteuid() == 0:
        if not root_can_mount_read_only():
            pytest.skip("running as root without `unshare -m`: no way to make a folder read-only")
        mounts = " && ".join(f"mount --bind {q} {q} && mount -o remount,bind,ro {q} {q}"
                             for q in map(shlex.quote, map(str, folders)))
        yield lambda argv: ["unshare", "-m", "sh", "-c", f"{mounts} && exec {shlex.join(argv)}"]
        return
    changed = [p for folder in folders for p in (folder, *folder.rglob("*"))]
    modes = {p: p.stat().st_mode for p in changed}
    for p in changed:
        p.chmod(modes[p] & ~0o222)
    try:
        yield lambda argv: argv
    finally:
        for p in reversed(changed):
            p.chmod(modes[p])


def run(argv: list[str], env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)


def prepare_tiny(folder: Path, env: dict, wrap=lambda argv: argv, *args: str) -> subprocess.CompletedProcess:
    out = run(wrap([sys.executable, str(folder / "prepare_tiny.py"), *args]), env)
    assert out.returncode == 0, out.stdout + out.stderr[-3000:]
    return out


# ------------------------------------------------------------------ 1. a corrupt entry
@needs_numba
@pytest.mark.parametrize("suffix", [".nbi", ".nbc"])
@pytest.mark.parametrize("kept", [0.0, 0.5])
def test_a_truncated_cache_file_is_discarded_and_compiled_again(tmp_path, monkeypatch, suffix, kept):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    folder = write_tiny_kernel(tmp_path / "tiny")
    assert load_tiny_kernel(folder, "tiny_first").add_one(1) == 2          # compiled and saved
    damaged = [p for p in cache_files(tmp_path / "cache") if p.suffix == suffix]
    assert damaged
    for path in damaged:
        data = path.read_bytes()
        path.write_bytes(data[:int(len(data) * kept)])
    again = load_tiny_kernel(folder, "tiny_again")
    with pytest.warns(RuntimeWarning, match="could not be loaded") as caught:
        assert again.add_one(41) == 42
    assert len(caught) == 1 and "\n" not in str(caught[0].message)           # one line
    assert sum(again.add_one.stats.cache_misses.values()) == 1
    later = load_tiny_kernel(folder, "tiny_later")                           # the entry was rewritten
    assert later.add_one(1) == 2 and sum(later.add_one.stats.cache_hits.values()) == 1


# ------------------------------------------------------------------ 2. a read-only cache
@pytest.mark.slow   # several processes and compiles: the whole suite runs it
def test_the_package_imports_and_runs_with_home_cache_and_source_read_only(tmp_path):
    # runs in both modes: in the compiled one the kernels compile in memory
    source = tmp_path / "src"
    shutil.copytree(SRC / "battleline", source / "battleline", ignore=shutil.ignore_patterns("__pycache__"))
    env = environment(tmp_path, source)
    code = ("import battleline, battleline.standard.bots, battleline.arena, battleline.widgets; "
            "from battleline.compiled.bits import popcount; "
            "print(battleline.__file__, popcount(11))")
    with read_only(source, tmp_path / "home", tmp_path / "cache") as wrap:
        out = run(wrap([sys.executable, "-c", code]), env)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.split() == [str(source / "battleline" / "__init__.py"), "3"]
    assert not cache_files(tmp_path)


@pytest.mark.slow   # several processes and compiles: the whole suite runs it
@needs_numba
def test_a_valid_cache_on_a_read_only_mount_is_read_where_it_lies(tmp_path):
    folder = write_tiny_kernel(tmp_path / "tiny")
    env = environment(tmp_path, folder)
    assert prepare_tiny(folder, env).stdout.split() == ["2", "0", "1"]      # compiled, saved
    saved = {p: p.stat().st_mtime_ns for p in cache_files(tmp_path)}
    assert saved and all(str(p).startswith(str(tmp_path / "cache" / "battleline")) for p in saved)
    with read_only(tmp_path / "cache", tmp_path / "home", folder) as wrap:
        out = prepare_tiny(folder, env, wrap)
    assert out.stdout.split() == ["2", "1", "0"]                             # loaded, not compiled
    assert "Warning" not in out.stderr, out.stderr
    assert {p: p.stat().st_mtime_ns for p in cache_files(tmp_path)} == saved


@needs_numba
@pytest.mark.parametrize("unwritable", ["everything", "only battleline/ in the cache"])
def test_where_the_cache_cannot_be_written_the_kernels_compile_in_memory(tmp_path, unwritable):
    # With only battleline/ read-only, numba's own fallbacks (__pycache__ beside the source,
    # its user-wide folder) could be written, but lack the protection against stale callees.
    folder = write_tiny_kernel(tmp_path / "tiny")
    env = environment(tmp_path, folder)
    (tmp_path / "cache" / "battleline").mkdir()
    everything = (tmp_path / "cache", tmp_path / "home", folder)
    with read_only(*(everything if unwritable == "everything" else [tmp_path / "cache" / "battleline"])) as wrap:
        out = prepare_tiny(folder, env, wrap)
    assert out.stdout.split() == ["2", "0", "1"]
    warnings = [line for line in out.stderr.splitlines() if "Warning" in line]
    assert len(warnings) == 1 and "compile in memory" in warnings[0], out.stderr
    assert not cache_files(tmp_path)


# ------------------------------------------------------------------ 3. one compile at a time
@pytest.mark.slow   # several processes and compiles: the whole suite runs it
@needs_numba
def test_processes_preparing_a_cold_cache_at_once_compile_it_once(tmp_path):
    folder = write_tiny_kernel(tmp_path / "tiny")
    env = environment(tmp_path, folder)
    meeting = tmp_path / "meeting"
    meeting.mkdir()
    argv = [sys.executable, str(folder / "prepare_tiny.py"), str(meeting)]
    both = [subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]
    outs = [p.communicate(timeout=300) for p in both]
    assert all(p.returncode == 0 for p in both), outs
    # "result hits misses": one process compiled, the other waited and loaded its work
    assert sorted(out.split() for out, _ in outs) == [["2", "0", "1"], ["2", "1", "0"]], outs


# ------------------------------------------------------------------ 4. the lock: cached loads, one lock a kernel
@pytest.fixture
def tiny_packages(tmp_path, monkeypatch):
    """Kernel packages written for the test (``make(name, source)``), cached under ``tmp_path``."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)

    def make(name: str, source: str = TINY_KERNEL) -> Path:
        folder = tmp_path / name / "kernel"
        folder.mkdir(parents=True)
        (folder / "tiny_kernel.py").write_text(source)
        return folder
    return make


def held(path: str):
    """The lock file ``path`` taken as another process would take it (its own open file)."""
    import filelock
    lock = filelock.FileLock(path)
    lock.acquire(timeout=0)
    return lock


def timed_preparing(package: Path, name: str) -> float:
    start = time.monotonic()
    with compiled.preparing_lock(package, name):
        pass
    return time.monotonic() - start


@needs_numba
def test_a_kernel_already_prepared_loads_while_another_process_holds_its_lock(tiny_packages, monkeypatch, caplog):
    package = tiny_packages("a")
    assert timed_preparing(package, "tiny") < 5            # prepared once: marked done in its folder
    assert os.path.exists(compiled.prepared_mark_path("tiny", package))
    monkeypatch.setattr(compiled, "PREPARE_WAIT_SECONDS", 30.0)
    other = held(compiled.preparing_lock_path("tiny", package))
    try:
        with caplog.at_level("WARNING", logger="battleline.compiled"):
            assert timed_preparing(package, "tiny") < 5    # loads at once, never waits for the lock
    finally:
        other.release()
    assert not caplog.records


@needs_numba
def test_a_process_waiting_for_the_lock_says_so_and_waits_a_bounded_time(tiny_packages, monkeypatch, caplog):
    package = tiny_packages("a")
    path = compiled.preparing_lock_path("tiny", package)
    monkeypatch.setattr(compiled, "PREPARE_WAIT_SECONDS", 0.5)
    other = held(path)
    try:
        with caplog.at_level("WARNING", logger="battleline.compiled"):
            took = timed_preparing(package, "tiny")
    finally:
        other.release()
    assert 0.4 < took < 10                                 # waited, then prepared on its own
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 2 and "waiting for another process compiling the search kernel" in said[0], said
    assert path in said[0] and "compiling the search kernel here" in said[1], said


@needs_numba
def test_each_kernel_version_checkout_and_preparation_has_a_lock_of_its_own(tiny_packages, monkeypatch, caplog):
    one = tiny_packages("one")
    changed = tiny_packages("changed", TINY_KERNEL + "\n\ndef unused():\n    return 0\n")
    checkout = tiny_packages("checkout")                   # the same sources in another folder
    assert compiled.source_fingerprint(one) == compiled.source_fingerprint(checkout)
    assert compiled.source_fingerprint(one) != compiled.source_fingerprint(changed)
    paths = {compiled.preparing_lock_path(name, package)
             for name, package in [("tiny", one), ("tiny", changed), ("tiny", checkout), ("tiny solver", one)]}
    assert len(paths) == 4
    monkeypatch.setattr(compiled, "PREPARE_WAIT_SECONDS", 30.0)
    other = held(compiled.preparing_lock_path("tiny", one))
    try:
        with caplog.at_level("WARNING", logger="battleline.compiled"):
            for name, package in [("tiny", changed), ("tiny", checkout), ("tiny solver", one)]:
                assert timed_preparing(package, name) < 5  # none waits for the lock of "tiny" in one
    finally:
        other.release()
    assert not caplog.records
