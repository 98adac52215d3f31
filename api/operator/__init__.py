"""Helpers of the operator API: access, HTML, notifications, shaping, invoicing."""
