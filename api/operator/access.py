"""Who may call an operator route: a signed-in operator holding the permission.

The tenant's one-session-per-account rule is kept for every signed-in route by
api.deps.caller, so it holds here too.
"""

from __future__ import annotations

from typing import Any

from fastapi import Depends

from api.deps import CallerDep, User
from api.errors import denied, unauthenticated


def staff(*permissions: str) -> Any:
    """A dependency for operators only, holding every named permission."""

    async def check(who: CallerDep) -> User:
        user = who.user
        if user is None:
            raise unauthenticated()
        if user.is_client:
            raise denied()
        for permission in permissions:
            if not user.can(permission):
                raise denied()
        return user

    return Depends(check)
