"""Signed checkpoints published to a Kafka topic: a copy the database cannot reach.

One partition, so the checkpoints stay in order; each message is a checkpoint's
signed header and signature (docs/audit.md), keyed by the signing key's id, and
kept for ever (retention.ms=-1): an auditor compares them with the log file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CheckpointTopic:
    """Where checkpoints are published."""

    bootstrap: str
    topic: str = "ledgerdesk.checkpoints"
    replication_factor: int = 1
    timeout: float = 30.0


class CheckpointPublisher:
    """Publishes checkpoints and waits for every in-sync replica to take each."""

    def __init__(self, config: CheckpointTopic) -> None:
        from kafka import KafkaProducer

        self.config = config
        self._ensure_topic()
        self.producer: Any = KafkaProducer(
            bootstrap_servers=config.bootstrap.split(","),
            acks="all",
            request_timeout_ms=int(config.timeout * 1000),
        )

    def _ensure_topic(self) -> None:
        from kafka.admin import KafkaAdminClient, NewTopic
        from kafka.errors import TopicAlreadyExistsError

        timeout_ms = int(self.config.timeout * 1000)
        admin = KafkaAdminClient(
            bootstrap_servers=self.config.bootstrap.split(","),
            request_timeout_ms=timeout_ms,
        )
        try:
            if self.config.topic not in set(admin.list_topics()):
                topic = NewTopic(
                    self.config.topic,
                    1,
                    self.config.replication_factor,
                    topic_configs={"retention.ms": "-1"},
                )
                try:
                    admin.create_topics([topic])
                except TopicAlreadyExistsError:
                    pass
        finally:
            admin.close()

    def send(self, key: str, value: bytes) -> None:
        """Publish one checkpoint; raises when the broker did not take it."""
        future = self.producer.send(self.config.topic, key=key.encode(), value=value)
        future.get(timeout=self.config.timeout)

    def close(self) -> None:
        self.producer.close()


def published(config: CheckpointTopic) -> list[bytes]:
    """Every checkpoint on the topic, oldest first (none when it does not exist)."""
    from kafka import KafkaConsumer, TopicPartition

    consumer = KafkaConsumer(
        bootstrap_servers=config.bootstrap.split(","),
        enable_auto_commit=False,
        request_timeout_ms=int(config.timeout * 1000),
    )
    try:
        if not consumer.partitions_for_topic(config.topic):
            return []
        partition = TopicPartition(config.topic, 0)
        consumer.assign([partition])
        consumer.seek_to_beginning(partition)
        end = consumer.end_offsets([partition])[partition]
        found: list[bytes] = []
        while consumer.position(partition) < end:
            for batch in consumer.poll(timeout_ms=500).values():
                found.extend(message.value for message in batch)
        return found
    finally:
        consumer.close()
