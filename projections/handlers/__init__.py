"""Event handlers of the read model, one module per context.

Each module exposes HANDLERS: a mapping of event class qualname (for example
"Ticket.Opened") to a function taking an Apply.
"""
