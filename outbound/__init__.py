"""Outbound integration: what leaves the house for other systems.

The Kafka relay follows the event log and publishes invoice events in their public
shape (public_events, checked against the JSON Schemas in schemas/); the reference
accounting consumer reads them back as an accounting system would.
"""
