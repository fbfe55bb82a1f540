# The table the benchmarks print (hostile.py, scale.py, offsite.py): the line naming commit, date
# and machine, then one row a measurement: what was measured, its value, and the verdict.

from bench import provenance


def print_table(rows, value_width=16):
    """Prints the provenance line, then `rows` of (what, value, verdict) in aligned columns."""
    print(provenance())
    width = max(len(r[0]) for r in rows)
    for name, value, verdict in rows:
        print(f"{name.ljust(width)}  {value:>{value_width}}  {verdict}")
