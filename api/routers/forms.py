"""Reading a body that may be JSON or multipart, with its files."""

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


async def read_body(request: Request) -> tuple[dict[str, Any], list[Upload]]:
    """Fields and uploaded files of a JSON or multipart/form-data request."""
    kind = request.headers.get("content-type", "")
    if kind.startswith("multipart/form-data") or kind.startswith(
        "application/x-www-form-urlencoded"
    ):
        try:
            form = await request.form(max_files=MAX_FILES + 1, max_fields=200)
        except Exception as error:  # a broken multipart body is the caller's fault
            raise invalid("body", "The form data could not be read.") from error
        values: dict[str, Any] = {}
        uploads: list[Upload] = []
        for key, value in form.multi_items():
            if isinstance(value, UploadFile):
                if not FILE_FIELD.match(key):
                    raise invalid(key, "Unexpected file field.")
                content = await value.read(MAX_BYTES + 1)
                uploads.append(Upload(key, value.filename or "file", content))
            elif has_nul(value) or has_nul(key):
                raise invalid(key[:60], "The request contains a NUL character.")
            elif (problem := value_problem({key: value})) is not None:
                raise invalid(problem[0][:60], problem[1])
            elif key.startswith("custom_values[") and key.endswith("]"):
                values.setdefault("custom_values", {})[key[14:-1]] = value
            else:
                values[key] = value
        return values, uploads
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
