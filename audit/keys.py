"""The checkpoint key: an Ed25519 key in a file outside the database.

The private key signs checkpoints; the chain key (an HMAC key every new event's
link is keyed with) is derived from it, so one file holds every secret of the
audit trail. The public key is written beside it (`<key>.pub`) for those who
only check signatures.
"""

from __future__ import annotations

import base64
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

CHAIN_KEY_INFO = b"ledgerdesk event chain v1"


class KeyProblem(Exception):
    """The checkpoint key file is missing, unreadable or not an Ed25519 key."""


@dataclass(frozen=True)
class CheckpointKey:
    """The signing key, its public half and the chain key derived from it."""

    private: Ed25519PrivateKey

    @property
    def public(self) -> Ed25519PublicKey:
        return self.private.public_key()

    @property
    def key_id(self) -> str:
        """The public key's fingerprint: sha256 of its raw bytes, in hex."""
        return fingerprint(self.public)

    @property
    def chain_key(self) -> bytes:
        """The HMAC key of event links, derived from the private key."""
        return chain_key_of(self.private)

    def sign(self, data: bytes) -> str:
        """The signature of data, base64."""
        return base64.b64encode(self.private.sign(data)).decode("ascii")


def fingerprint(public: Ed25519PublicKey) -> str:
    """A public key's id: sha256 of its raw bytes, in hex."""
    raw = public.public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    return hashlib.sha256(raw).hexdigest()


def chain_key_of(private: Ed25519PrivateKey) -> bytes:
    """The HMAC key of event links: HKDF-SHA256 over the private key's bytes."""
    raw = private.private_bytes(
        serialization.Encoding.Raw,
        serialization.PrivateFormat.Raw,
        serialization.NoEncryption(),
    )
    return HKDF(
        algorithm=hashes.SHA256(), length=32, salt=None, info=CHAIN_KEY_INFO
    ).derive(raw)


def signature_holds(public: Ed25519PublicKey, data: bytes, signature: str) -> bool:
    """Whether a base64 signature of data was made by that public key's holder."""
    try:
        public.verify(base64.b64decode(signature, validate=True), data)
    except (InvalidSignature, ValueError):
        return False
    return True


def public_path(path: Path) -> Path:
    """Where the public half of a key file is kept."""
    return path.with_name(path.name + ".pub")


def load_key(path: str | Path) -> CheckpointKey:
    """The key in that file, else KeyProblem naming the file."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise KeyProblem(f"cannot read the checkpoint key {path}: {error}") from error
    try:
        private = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as error:
        raise KeyProblem(f"{path} is not a PEM private key: {error}") from error
    if not isinstance(private, Ed25519PrivateKey):
        raise KeyProblem(f"{path} is not an Ed25519 key")
    return CheckpointKey(private)


def create_key(path: str | Path) -> CheckpointKey:
    """A new key written to that file (mode 0600, never overwriting one) and its
    public half beside it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    private = Ed25519PrivateKey.generate()
    pem = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    # O_EXCL: two processes creating the key at once cannot both win.
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(pem)
    public_path(path).write_bytes(
        private.public_key().public_bytes(
            serialization.Encoding.PEM,
            serialization.PublicFormat.SubjectPublicKeyInfo,
        )
    )
    return CheckpointKey(private)


def chain_key_from_file(path: str | None) -> bytes | None:
    """The chain key when that key file exists, else None (links stay plain)."""
    if not path or not Path(path).is_file():
        return None
    return load_key(path).chain_key
