"""Reading an operator's multipart form: repeated fields and numbered files."""

from __future__ import annotations

import re
from typing import Any

from fastapi import Request
from starlette.datastructures import UploadFile

from api.actions.attachments import MAX_BYTES, MAX_FILES, Upload
from api.errors import invalid
from api.guards import value_problem

FILE_FIELD = re.compile(r"^(file|files)(\[\d{0,3}\])?$")
TRUE = ("1", "true", "on", "yes")


async def read_form(request: Request) -> tuple[dict[str, Any], list[Upload]]:
    """Fields (name[] ones as lists) and files of a form or JSON body."""
    kind = request.headers.get("content-type", "")
    if kind.startswith("application/json"):
        try:
            data = await request.json()
        except (ValueError, RecursionError) as error:
            raise invalid("body", "The body is not valid JSON.") from error
        if not isinstance(data, dict):
            raise invalid("body", "The body must be a JSON object.")
        return data, []
    try:
        form = await request.form(max_files=MAX_FILES + 1, max_fields=300)
    except Exception as error:  # a broken multipart body is the caller's fault
        raise invalid("body", "The form data could not be read.") from error
    values: dict[str, Any] = {}
    uploads: list[Upload] = []
    for key, value in form.multi_items():
        if "\x00" in key or (isinstance(value, str) and "\x00" in value):
            raise invalid(key, "The request contains a NUL character.")
        if isinstance(value, str) and (problem := value_problem({key: value})):
            raise invalid(problem[0][:60], problem[1])
        if isinstance(value, UploadFile):
            if not FILE_FIELD.match(key):
                raise invalid(key, "Unexpected file field.")
            content = await value.read(MAX_BYTES + 1)
            uploads.append(Upload(key, value.filename or "file", content))
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
