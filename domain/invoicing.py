"""Where Billable was found before the use cases had their own modules."""

from __future__ import annotations

from domain.use_cases.invoicing import Billable

__all__ = ["Billable"]
