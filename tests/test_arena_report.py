"""The arena's report and progress in words: the machines and the paired deals named (issue 33
items 16-17), and a progress line every few percent without a terminal (item 18)."""

from __future__ import annotations


def test_the_arena_names_the_machines_and_the_deals_in_words():
    """Issue 33 items 16-17: "games played on: vm 20" and "split deals (one bot won both
    battles): 4 … the same side won both: 1" said in words."""
    from battleline.arena.ancient import AncientResult, report, summarize
    from battleline.scoring import nodes_lines
    assert nodes_lines({"nodes": {"vm": 20}}) == ["  machines that played the games: vm (20 games)"]
    r = lambda deal, seat, winner: AncientResult(deal, seat, winner, "casualties", "issus", 5, [], [], [], [])  # noqa: E731
    text = report(summarize([r(0, 0, "a"), r(0, 1, "a"), r(1, 0, "a"), r(1, 1, "b")], "hard", "medium"))
    assert ("deals fought twice with the armies swapped: 2; won with both armies: hard 1, medium 0 "
            "(hard 100.0% of those, 95% CI 20.6%-100.0%); the same army won both battles (the deal favoured it): 1"
            in text), text
    assert "split deals" not in text and "same side" not in text


def test_without_a_terminal_progress_is_a_line_every_few_percent(capsys, monkeypatch):
    """Issue 33 item 18: piped or under `script`, a bar redrawn in place shows nothing."""
    import sys
    from battleline.arena.runner import run_games
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    list(run_games(double, {}, [(d, 0) for d in range(40)], progress=True, total=40))
    lines = capsys.readouterr().err.splitlines()
    counts = [int(line.split("/")[0]) for line in lines]
    # a line whenever 5% more are done (the games come back in chunks), the last at the end
    assert len(lines) >= 4 and counts == sorted(set(counts)) and lines[-1].startswith("40/40 (100%) games")
    assert all(" games/s" in line for line in lines)


def double(settings, deal, a_seat):
    return deal * 2
