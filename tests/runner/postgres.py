"""A real PostgreSQL server for the cluster tests and benchmark: Debian's
postgresql-15, initdb into a temporary directory, listening only on a Unix
socket there, run as the postgres user when we are root (it refuses root)."""
import glob
import os
import pwd
import shutil
import subprocess
import tempfile

PG_BIN = next(iter(sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)), None)


def as_postgres(cmd, **kw):
    """A PostgreSQL tool as the postgres user (the server refuses to run as root)."""
    if os.geteuid() == 0:
        cmd = ["runuser", "-u", "postgres", "--"] + cmd
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


class Postgres:
    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="fuzzycron-pg-")
        if os.geteuid() == 0:
            os.chown(self.dir, pwd.getpwnam("postgres").pw_uid, -1)
        self.data = os.path.join(self.dir, "data")
        as_postgres([f"{PG_BIN}/initdb", "-D", self.data, "-A", "trust", "-U", "postgres"])
        self.start()
        self.databases = 0

    def start(self):
        as_postgres([f"{PG_BIN}/pg_ctl", "-D", self.data, "-l", os.path.join(self.dir, "log"), "-w", "-o",
                     f"-k {self.dir} -c listen_addresses='' -c max_connections=200", "start"])

    def stop(self, mode="fast"):
        as_postgres([f"{PG_BIN}/pg_ctl", "-D", self.data, "-m", mode, "-w", "stop"])

    def psql(self, sql, db="postgres", user="postgres"):
        return as_postgres(["psql", "-h", self.dir, "-U", user, "-d", db, "-tAc", sql]).stdout.strip()

    def new_database(self):
        self.databases += 1
        name = f"cron{self.databases}"
        self.psql(f"CREATE DATABASE {name}")
        return name, f"host={self.dir} dbname={name} user=postgres"

    def close(self):
        try:
            self.stop("immediate")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
