"""Dad's Army (Denys Fisher, 1974): a dice race across Walmington-on-Sea."""
