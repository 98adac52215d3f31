"""What the subcommands share besides the composition root: a progress bar."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress_bar(
    total: int | None, unit: str, label: str
) -> Iterator[Callable[[int], None]]:
    """A tqdm bar on stderr; yields the function that advances it."""
    from tqdm import tqdm

    with tqdm(
        total=total,
        unit=unit,
        desc=label,
        file=sys.stderr,
        dynamic_ncols=True,
        disable=None,
    ) as bar:
        yield bar.update
