"""Request and response models of the API, one module per part of the desk."""
