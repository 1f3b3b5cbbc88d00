"""The kernels' disk caches: one folder per version of a kernel's source, and folders unused
for a month are removed, so that upgrades do not pile them up."""

from __future__ import annotations

import os
import time

from battleline import compiled


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
