"""Mail in: parsing, routing, loop protection and exactly-once intake of mail."""
