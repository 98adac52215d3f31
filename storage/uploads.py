"""What a stored attachment may be, from a portal upload or a mail alike."""

from __future__ import annotations

MAX_BYTES = 10 * 1024 * 1024
"""The largest file one attachment may hold."""

TYPES = {
    "pdf": "application/pdf",
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "txt": "text/plain",
    "csv": "text/csv",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "zip": "application/zip",
}
"""The file types an upload may have, by extension, with the type they are sent as."""
