"""Event handlers of the read model, one module per context.

Each module exposes HANDLERS: a mapping of event class qualname (for example
"Ticket.Opened") to a function taking an Apply.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from projections.context import Apply

Handler = Callable[[Apply], None]


def chained(
    handlers: Mapping[str, Handler], extra: Mapping[str, Handler]
) -> dict[str, Handler]:
    """The handlers with each of extra's run after the handler of its event."""
    combined = dict(handlers)
    for name, then in extra.items():
        first = combined.get(name)
        combined[name] = _both(first, then) if first else then
    return combined


def _both(first: Handler, then: Handler) -> Handler:
    def apply(a: Apply) -> None:
        first(a)
        then(a)

    return apply
