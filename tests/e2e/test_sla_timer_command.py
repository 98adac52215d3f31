"""ledgerdesk sla-timer: raises what is due, each warning once across runs."""

from __future__ import annotations

from api.cli import main
from tests.e2e.test_commands import environment  # noqa: F401  (the fixture)


def test_the_sla_timer_raises_due_warnings_once(environment, capsys):  # noqa: F811
    assert main(["seed", "--tenant", "acme"]) == 0
    capsys.readouterr()
    assert main(["sla-timer", "--once"]) == 0
    # the seed warned one outage itself; the other's warning fell due since
    assert "sla-timer: 1 raised" in capsys.readouterr().out
    assert main(["project", "--once"]) == 0
    assert main(["sla-timer", "--once"]) == 0
    assert "sla-timer: 0 raised" in capsys.readouterr().out
