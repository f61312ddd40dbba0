"""The required literals of every bundled evidence pattern: written by
``python -m grammars.profiles`` (D109); do not edit."""

from __future__ import annotations

from grammars.profile import Literals

LITERALS: dict[str, Literals] = {
    "\\bmvarchar\\s*\\(": ((("mvarchar",),), ("mvarchar",), (("mvarchar",),)),
    "\\bmchar\\s*\\(": ((("mchar",),), ("mchar",), (("mchar",),)),
    "\\bsmallflt\\b": ((("smallflt",),), ("smallflt",), (("smallflt",),)),
    "\\bpctfree\\s*=": ((("pctfree",),), ("pctfree",), (("pctfree",),)),
    "\\bcreate\\s+(?:share\\s+)?fix\\s+table\\b": (
        (("create",), ("fix",), ("table",)),
        ("create",),
        (("create",), ("table",)),
    ),
    "\\bsuppress\\s+decimal\\b": (
        (("suppress",), ("decimal",)),
        ("suppress",),
        (("suppress",), ("decimal",)),
    ),
    "\\bno\\s+split\\b": ((("no",), ("split",)), ("no",), (("no",), ("split",))),
    "\\bwithout\\s+rollback\\b": (
        (("without",), ("rollback",)),
        ("without",),
        (("without",), ("rollback",)),
    ),
    "\\)\\s*in\\s*\\(\\s*\\(\\s*\\w+\\s*\\)": ((("in",),), (), (("in",),)),
    "\\)\\s*in\\s+\\(?\\s*[a-z_]\\w*\\s*\\)?\\s*(?:;|$|pctfree|lock)": ((("in",),), (), (("in",),)),
    "\\bhash\\s+hash[0-6a-f]\\s+by\\b": (
        (("hash",), ("hash",), ("by",)),
        ("hash",),
        (("hash",), ("by",)),
    ),
    "\\bpartitioned\\s+by\\s+multidim\\b": (
        (("partitioned",), ("by",), ("multidim",)),
        ("partitioned",),
        (("partitioned",), ("by",), ("multidim",)),
    ),
    "\\barray\\s*\\[\\s*\\d+\\s*\\]": ((("array",),), ("array",), (("array",),)),
    "\\blarge\\s+dec(?:imal)?\\b": ((("large",), ("dec",)), ("large",), (("large",),)),
    "\\block\\s+(?:row|page)\\b": ((("lock",), ("row", "page")), ("lock",), (("lock",),)),
    "\\brecovery\\s+(?:all|partial|no)\\b": (
        (("recovery",), ("all", "partial", "no")),
        ("recovery",),
        (("recovery",),),
    ),
    "\\bcharacter\\s+set\\s+(?:master\\.)?(?:ebcdik|utf16)\\b": (
        (("character",), ("set",), ("ebcdik", "utf16")),
        ("character",),
        (("character",), ("set",)),
    ),
    "\\bunder\\s+\\w+\\s*\\(": ((("under",),), ("under",), (("under",),)),
    "\\block\\s+(?:datarows|datapages|allpages)\\b": (
        (("lock",), ("datarows", "datapages", "allpages")),
        ("lock",),
        (("lock",),),
    ),
    "\\bsp_addtype\\b": ((("sp_addtype",),), ("sp_addtype",), (("sp_addtype",),)),
    "\\buni(?:char|varchar|text)\\b": (
        (("unichar", "univarchar", "unitext"),),
        ("uni",),
        (("unichar", "univarchar", "unitext"),),
    ),
    "\\bbig(?:datetime|time)\\b": (
        (("bigdatetime", "bigtime"),),
        ("big",),
        (("bigdatetime", "bigtime"),),
    ),
    "\\bmax_rows_per_page\\b": (
        (("max_rows_per_page",),),
        ("max_rows_per_page",),
        (("max_rows_per_page",),),
    ),
    "\\bexp_row_size\\b": ((("exp_row_size",),), ("exp_row_size",), (("exp_row_size",),)),
    "\\breservepagegap\\b": ((("reservepagegap",),), ("reservepagegap",), (("reservepagegap",),)),
    "\\bidentity_gap\\b": ((("identity_gap",),), ("identity_gap",), (("identity_gap",),)),
    "\\bsp_primarykey\\b|\\bsp_foreignkey\\b": (
        (("sp_primarykey", "sp_foreignkey"),),
        ("sp_",),
        (("sp_primarykey", "sp_foreignkey"),),
    ),
    "\\bsp_setrep(?:table|licate)\\b": (
        (("sp_setreptable", "sp_setreplicate"),),
        ("sp_setrep",),
        (("sp_setreptable", "sp_setreplicate"),),
    ),
    "\\bon\\s+'default'": ((("on",), ("'default'",)), ("on",), (("on",), ("default",))),
    "\\bpartition\\s+by\\s+roundrobin\\b": (
        (("partition",), ("by",), ("roundrobin",)),
        ("partition",),
        (("partition",), ("by",), ("roundrobin",)),
    ),
    "^\\s*setuser\\b": ((("setuser",),), (), (("setuser",),)),
    "\\bdump\\s+(?:tran|transaction|database)\\b": (
        (("dump",), ("tran", "transaction", "database")),
        ("dump",),
        (("dump",),),
    ),
    "\\bsp_(?:bindrule|bindefault|dboption|addsegment)\\b": (
        (("sp_bindrule", "sp_bindefault", "sp_dboption", "sp_addsegment"),),
        ("sp_",),
        (("sp_bindrule", "sp_bindefault", "sp_dboption", "sp_addsegment"),),
    ),
    "\\bunsigned\\s+(?:smallint|int|bigint)\\b": (
        (("unsigned",), ("smallint", "int", "bigint")),
        ("unsigned",),
        (("unsigned",),),
    ),
    "\\blongsysname\\b": ((("longsysname",),), ("longsysname",), (("longsysname",),)),
    "^\\s*checkpoint\\s*$": ((("checkpoint",),), (), (("checkpoint",),)),
    "\\bcreate\\s+(?:(?:applied|request)\\s+)?(?:function\\s+)?replication\\s+definition\\b": (
        (("create",), ("replication",), ("definition",)),
        ("create",),
        (("create",), ("definition",)),
    ),
    "\\balter\\s+replication\\s+definition\\b": (
        (("alter",), ("replication",), ("definition",)),
        ("alter",),
        (("alter",), ("replication",), ("definition",)),
    ),
    "\\bwith\\s+(?:primary|replicate)\\s+at\\b": (
        (("with",), ("primary", "replicate"), ("at",)),
        ("with",),
        (("with",), ("at",)),
    ),
    "\\bsp_setrepcol\\b|\\bsp_commonkey\\b": (
        (("sp_setrepcol", "sp_commonkey"),),
        ("sp_",),
        (("sp_setrepcol", "sp_commonkey"),),
    ),
    "\\bsp_(?:add_remote_table|create_publication|add_article|create_subscription)\\b": (
        (
            (
                "sp_add_remote_table",
                "sp_create_publication",
                "sp_add_article",
                "sp_create_subscription",
            ),
        ),
        ("sp_",),
        (
            (
                "sp_add_remote_table",
                "sp_create_publication",
                "sp_add_article",
                "sp_create_subscription",
            ),
        ),
    ),
    "\\bsubscribe\\s+by\\b": ((("subscribe",), ("by",)), ("subscribe",), (("subscribe",), ("by",))),
    "\\bcreate\\s+publication\\b": (
        (("create",), ("publication",)),
        ("create",),
        (("create",), ("publication",)),
    ),
    "\\bmultiset\\s+(?:(?:global\\s+temporary|volatile)\\s+)?table\\b": (
        (("multiset",), ("table",)),
        ("multiset",),
        (("multiset",),),
    ),
    "\\bcreate\\s+set\\s+(?:(?:global\\s+temporary|volatile)\\s+)?table\\b": (
        (("create",), ("set",), ("table",)),
        ("create",),
        (("create",), ("set",)),
    ),
    "\\bcreate\\s+volatile\\s+table\\b": (
        (("create",), ("volatile",), ("table",)),
        ("create",),
        (("create",), ("volatile",), ("table",)),
    ),
    "\\bprimary\\s+(?:amp\\s+)?index\\b": (
        (("primary",), ("index",)),
        ("primary",),
        (("primary",),),
    ),
    ",\\s*(?:no\\s+)?fallback\\b": ((("fallback",),), (), ()),
    "\\bmap\\s*=\\s*td_\\w+": ((("map",), ("td_",)), ("map",), (("map",),)),
    "\\b(?:before|after)\\s+journal\\b": (
        (("before", "after"), ("journal",)),
        ("before", "after"),
        (("before", "after"), ("journal",)),
    ),
    "\\bmergeblockratio\\b": (
        (("mergeblockratio",),),
        ("mergeblockratio",),
        (("mergeblockratio",),),
    ),
    "\\bdatablocksize\\b|\\bblockcompression\\b": (
        (("datablocksize", "blockcompression"),),
        ("datablocksize", "blockcompression"),
        (("datablocksize", "blockcompression"),),
    ),
    "\\bchecksum\\s*=\\s*(?:default|on|off)\\b": (
        (("checksum",), ("default", "on", "off")),
        ("checksum",),
        (("checksum",),),
    ),
    "\\b(?:not\\s+)?casespecific\\b": ((("casespecific",),), (), ()),
    "\\bcharacter\\s+set\\s+(?:latin|unicode|kanjisjis|graphic)\\b": (
        (("character",), ("set",), ("latin", "unicode", "kanjisjis", "graphic")),
        ("character",),
        (("character",), ("set",)),
    ),
    "\\b(?:range_n|case_n)\\s*\\(": (
        (("range_n", "case_n"),),
        ("range_n", "case_n"),
        (("range_n", "case_n"),),
    ),
    "\\bbyteint\\b": ((("byteint",),), ("byteint",), (("byteint",),)),
    "\\bvarbyte\\b|\\bvargraphic\\b": (
        (("varbyte", "vargraphic"),),
        ("var",),
        (("varbyte", "vargraphic"),),
    ),
    "\\bperiod\\s*\\(\\s*(?:date|time|timestamp)\\b": (
        (("period",), ("date", "time", "timestamp")),
        ("period",),
        (("period",),),
    ),
    "\\bsysudtlib\\.": ((("sysudtlib.",),), ("sysudtlib.",), (("sysudtlib",),)),
    "\\bcompress\\s+using\\b|\\bdecompress\\s+using\\b": (
        (("compress", "decompress"), ("using",)),
        ("compress", "decompress"),
        (("compress", "decompress"),),
    ),
    "\\bwith\\s+no\\s+check\\s+option\\b": (
        (("with",), ("no",), ("check",), ("option",)),
        ("with",),
        (("with",), ("no",), ("check",), ("option",)),
    ),
    "^\\s*collect\\s+stat(?:istic)?s?\\b": ((("collect",), ("stat",)), (), (("collect",),)),
    "^\\s*(?:create|replace)\\s+macro\\b": (
        (("create", "replace"), ("macro",)),
        (),
        (("create", "replace"), ("macro",)),
    ),
    "^\\s*replace\\s+(?:procedure|view|function)\\b": (
        (("replace",), ("procedure", "view", "function")),
        (),
        (("replace",),),
    ),
    "^\\s*database\\s+\\w+\\s*;": ((("database",),), (), (("database",),)),
    "\\blocking\\s+(?:row|table|database)\\b": (
        (("locking",), ("row", "table", "database")),
        ("locking",),
        (("locking",),),
    ),
    "\\bon\\s+commit\\s+preserve\\s+rows\\b": (
        (("on",), ("commit",), ("preserve",), ("rows",)),
        ("on",),
        (("on",), ("commit",), ("preserve",), ("rows",)),
    ),
    "\\bformat\\s+'[^']*'": ((("format",),), ("format",), (("format",),)),
    "\\[dbo\\]\\.": ((("[dbo].",),), ("[dbo].",), (("dbo",),)),
    "\\bON\\s+\\[PRIMARY\\]": ((("on",), ("[primary]",)), ("on",), (("on",), ("primary",))),
    "\\bTEXTIMAGE_ON\\b": ((("textimage_on",),), ("textimage_on",), (("textimage_on",),)),
    "\\bWITH\\s*\\(\\s*PAD_INDEX\\b": (
        (("with",), ("pad_index",)),
        ("with",),
        (("with",), ("pad_index",)),
    ),
    "\\bALLOW_(?:ROW|PAGE)_LOCKS\\s*=": (
        (("allow_row", "allow_page"), ("_locks",)),
        ("allow_",),
        (("allow_row_locks", "allow_page_locks"),),
    ),
    "\\bDATA_COMPRESSION\\s*=": (
        (("data_compression",),),
        ("data_compression",),
        (("data_compression",),),
    ),
    "\\b(?:n?varchar|varbinary)\\s*\\(\\s*max\\s*\\)": (
        (("varchar", "varbinary"), ("max",)),
        (),
        (("max", "varbinary"), ("max",)),
    ),
    "\\bdatetime2\\b|\\bdatetimeoffset\\b": (
        (("datetime2", "datetimeoffset"),),
        ("datetime",),
        (("datetime2", "datetimeoffset"),),
    ),
    "\\buniqueidentifier\\b": (
        (("uniqueidentifier",),),
        ("uniqueidentifier",),
        (("uniqueidentifier",),),
    ),
    "\\bROWGUIDCOL\\b|\\bNEWSEQUENTIALID\\s*\\(": (
        (("rowguidcol", "newsequentialid"),),
        ("rowguidcol", "newsequentialid"),
        (("rowguidcol", "newsequentialid"),),
    ),
    "\\bsys\\.(?:objects|tables|columns|indexes|index_columns|schemas|types|views)\\b": (
        (
            (
                "sys.objects",
                "sys.tables",
                "sys.columns",
                "sys.indexes",
                "sys.index_columns",
                "sys.schemas",
                "sys.types",
                "sys.views",
            ),
        ),
        ("sys.",),
        (("sys",),),
    ),
    "\\bsys\\.(?:foreign_keys|foreign_key_columns|key_constraints|default_constraints|check_constraints|extended_properties)\\b": (
        (
            (
                "sys.foreign_keys",
                "sys.foreign_key_columns",
                "sys.key_constraints",
                "sys.default_constraints",
                "sys.check_constraints",
                "sys.extended_properties",
            ),
        ),
        ("sys.",),
        (("sys",),),
    ),
    "\\bsys\\.(?:database_principals|server_principals|databases|procedures|triggers|sequences|synonyms|partitions|filegroups)\\b": (
        (
            (
                "sys.database_principals",
                "sys.server_principals",
                "sys.databases",
                "sys.procedures",
                "sys.triggers",
                "sys.sequences",
                "sys.synonyms",
                "sys.partitions",
                "sys.filegroups",
            ),
        ),
        ("sys.",),
        (("sys",),),
    ),
    "\\bALTER\\s+DATABASE\\s+\\S+\\s+SET\\b": (
        (("alter",), ("database",), ("set",)),
        ("alter",),
        (("alter",), ("database",), ("set",)),
    ),
    "(?<![\\w'])N'": ((("n'",),), (), ()),
    "\\bsp_addextendedproperty\\b": (
        (("sp_addextendedproperty",),),
        ("sp_addextendedproperty",),
        (("sp_addextendedproperty",),),
    ),
    "/\\*+\\s*Object:\\s+\\w+\\s+\\[": ((("object:",),), (), (("object",),)),
    "\\bidentity\\s*\\(\\s*-?\\d+\\s*,\\s*-?\\d+\\s*\\)": (
        (("identity",),),
        ("identity",),
        (("identity",),),
    ),
    "\\bNOT\\s+FOR\\s+REPLICATION\\b": (
        (("not",), ("for",), ("replication",)),
        ("not",),
        (("not",), ("for",), ("replication",)),
    ),
    "^\\s*SET\\s+ANSI_NULLS\\s+(?:ON|OFF)\\b": (
        (("set",), ("ansi_nulls",), ("on", "off")),
        (),
        (("set",), ("ansi_nulls",)),
    ),
    "\\bCREATE\\s+TYPE\\s+\\S+\\s+FROM\\b": (
        (("create",), ("type",), ("from",)),
        ("create",),
        (("create",), ("type",), ("from",)),
    ),
    "\\bOBJECT_ID\\s*\\(\\s*N'": (
        (("object_id",), ("n'",)),
        ("object_id",),
        (("object_id",), ("n",)),
    ),
    "\\b(?:NON)?CLUSTERED\\b": ((("clustered",),), (), ()),
    "^\\s*SET\\s+QUOTED_IDENTIFIER\\s+ON\\b": (
        (("set",), ("quoted_identifier",), ("on",)),
        (),
        (("set",), ("quoted_identifier",), ("on",)),
    ),
    "^\\s*GO\\s*$": ((("go",),), (), (("go",),)),
    "\\bsp_\\w+": ((("sp_",),), ("sp_",), ()),
    "\\bsysname\\b": ((("sysname",),), ("sysname",), (("sysname",),)),
}
