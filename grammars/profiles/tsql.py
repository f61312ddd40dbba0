"""SQL Server: what ddlaudit knows before it loads the grammar (:mod:`grammars.tsql`).

The evidence is what content detection scores (:mod:`analyzer.detect`); D108 says why
it lives apart from the grammar.
"""

from __future__ import annotations

from grammars.profile import Profile, evidence

PROFILE = Profile(
    name="tsql",
    description="Microsoft SQL Server Transact-SQL",
    module="grammars.tsql",
    evidence=(
        # SQL Server only (Sybase ASE has none of these): weighted high
        evidence(r"\[dbo\]\.", 5, "[dbo]. qualified name"),
        evidence(r"\bON\s+\[PRIMARY\]", 5, "ON [PRIMARY] filegroup"),
        evidence(r"\bTEXTIMAGE_ON\b", 5, "TEXTIMAGE_ON"),
        evidence(r"\bWITH\s*\(\s*PAD_INDEX\b", 5, "WITH (PAD_INDEX = ...)"),
        evidence(r"\bALLOW_(?:ROW|PAGE)_LOCKS\s*=", 4, "ALLOW_ROW_LOCKS / ALLOW_PAGE_LOCKS"),
        evidence(r"\bDATA_COMPRESSION\s*=", 5, "DATA_COMPRESSION"),
        evidence(r"\b(?:n?varchar|varbinary)\s*\(\s*max\s*\)", 5, "(N)VARCHAR/VARBINARY(MAX)"),
        evidence(r"\bdatetime2\b|\bdatetimeoffset\b", 5, "DATETIME2 / DATETIMEOFFSET"),
        evidence(r"\buniqueidentifier\b", 4, "UNIQUEIDENTIFIER"),
        evidence(r"\bROWGUIDCOL\b|\bNEWSEQUENTIALID\s*\(", 4, "ROWGUIDCOL / NEWSEQUENTIALID()"),
        evidence(
            r"\bsys\.(?:objects|tables|columns|indexes|index_columns|schemas|types|views)\b",
            4,
            "sys.* catalog views",
        ),
        evidence(
            r"\bsys\.(?:foreign_keys|foreign_key_columns|key_constraints|default_constraints"
            r"|check_constraints|extended_properties)\b",
            4,
            "sys.* constraint views",
        ),
        evidence(
            r"\bsys\.(?:database_principals|server_principals|databases|procedures|triggers"
            r"|sequences|synonyms|partitions|filegroups)\b",
            4,
            "sys.* object views",
        ),
        evidence(r"\bALTER\s+DATABASE\s+\S+\s+SET\b", 5, "ALTER DATABASE ... SET"),
        evidence(r"(?<![\w'])N'", 3, "N'...' Unicode literal"),
        evidence(r"\bsp_addextendedproperty\b", 5, "sp_addextendedproperty"),
        evidence(r"/\*+\s*Object:\s+\w+\s+\[", 5, "SSMS '/****** Object:' script header"),
        evidence(r"\bidentity\s*\(\s*-?\d+\s*,\s*-?\d+\s*\)", 3, "IDENTITY(seed, increment)"),
        evidence(r"\bNOT\s+FOR\s+REPLICATION\b", 3, "NOT FOR REPLICATION"),
        evidence(r"^\s*SET\s+ANSI_NULLS\s+(?:ON|OFF)\b", 3, "SET ANSI_NULLS"),
        evidence(r"\bCREATE\s+TYPE\s+\S+\s+FROM\b", 3, "CREATE TYPE ... FROM (alias type)"),
        evidence(r"\bOBJECT_ID\s*\(\s*N'", 3, "OBJECT_ID(N'...')"),
        # shared with Sybase ASE: weighted low
        evidence(r"\b(?:NON)?CLUSTERED\b", 1, "CLUSTERED / NONCLUSTERED", shared=True),
        evidence(r"^\s*SET\s+QUOTED_IDENTIFIER\s+ON\b", 1, "SET QUOTED_IDENTIFIER ON", shared=True),
        evidence(r"^\s*GO\s*$", 1, "GO batch separator", shared=True),
        evidence(r"\bsp_\w+", 1, "sp_ procedure call", shared=True),
        evidence(r"\bsysname\b", 1, "SYSNAME", shared=True),
    ),
)
