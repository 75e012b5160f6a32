"""The Kaskade specialist: a fast search board, evaluations, alpha-beta, and the baselines it
is measured against."""
