"""The use cases of each context, one object each, composed by domain.application."""
