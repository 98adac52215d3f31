"""The one body reader: JSON or a form (multipart or urlencoded), with its files.

Every write route reads its body here, whichever audience calls it: a JSON object
as sent, or a form whose ``name[]`` fields become lists, whose
``custom_values[key]`` fields become one mapping and whose numbered ``file``
fields become uploads. Bad input is a 422 naming the field.
"""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi import Request
from starlette.datastructures import UploadFile

from api.actions.attachments import MAX_BYTES, MAX_FILES, Upload
from api.errors import ApiError, invalid
from api.guards import has_nul, value_problem

FILE_FIELD = re.compile(r"^(file|files)(\[\d{0,3}\])?$")
TRUE = ("1", "true", "on", "yes")
FORM_KINDS = ("multipart/form-data", "application/x-www-form-urlencoded")


async def read_body(request: Request) -> tuple[dict[str, Any], list[Upload]]:
    """Fields and uploaded files of a JSON or form request."""
    kind = request.headers.get("content-type", "")
    if kind.startswith(FORM_KINDS):
        return await _read_form(request)
    raw = await request.body()
    if not raw:
        return {}, []
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise ApiError(
            422, "The body is not valid JSON.", {"body": ["Invalid JSON."]}
        ) from error
    if not isinstance(data, dict):
        raise invalid("body", "The body must be a JSON object.")
    # A body sent without a JSON content type skipped the middleware's checks.
    problem = value_problem(data)
    if problem is not None:
        raise invalid(*problem)
    return data, []


async def _read_form(request: Request) -> tuple[dict[str, Any], list[Upload]]:
    try:
        form = await request.form(max_files=MAX_FILES + 1, max_fields=300)
    except Exception as error:  # a broken multipart body is the caller's fault
        raise invalid("body", "The form data could not be read.") from error
    values: dict[str, Any] = {}
    uploads: list[Upload] = []
    for key, value in form.multi_items():
        if isinstance(value, UploadFile):
            if not FILE_FIELD.match(key):
                raise invalid(key[:60], "Unexpected file field.")
            content = await value.read(MAX_BYTES + 1)
            uploads.append(Upload(key, value.filename or "file", content))
        elif has_nul(value) or has_nul(key):
            raise invalid(key[:60], "The request contains a NUL character.")
        elif (problem := value_problem({key: value})) is not None:
            raise invalid(problem[0][:60], problem[1])
        elif key.startswith("custom_values[") and key.endswith("]"):
            values.setdefault("custom_values", {})[key[14:-1]] = value
        elif key.endswith("[]"):
            values.setdefault(key[:-2], []).append(value)
        else:
            values[key] = value
    return values, uploads


def flag(values: dict[str, Any], name: str, default: bool) -> bool:
    """A 0/1, true/false field; absent means the default."""
    value = values.get(name)
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in TRUE


def id_list(values: dict[str, Any], name: str) -> list[str]:
    """A list of ids from name[] fields, a JSON list or a comma-separated string."""
    value = values.get(name)
    if value in (None, ""):
        return []
    if isinstance(value, str):
        value = [v for v in value.split(",") if v.strip()]
    if not isinstance(value, list):
        raise invalid(name, f"The {name} field must be a list.")
    return [str(v).strip()[:64] for v in value]
