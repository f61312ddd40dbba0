"""The ``__init__`` of every ``record`` class (analyzer/records.py, D131): the source
``dataclass`` would compile at import, written ahead by ``python -m analyzer.records``;
do not edit."""


def audit_constructs__Construct(_setattr, _HAS_DEFAULT_FACTORY, _dflt_severity):
    def __init__(
        self,
        construct,
        line,
        detail,
        action,
        severity=_dflt_severity,
    ):
        _setattr(self, 'construct', construct)
        _setattr(self, 'line', line)
        _setattr(self, 'detail', detail)
        _setattr(self, 'action', action)
        _setattr(self, 'severity', severity)

    return __init__


def audit_constructs__ReplicationLoss(_setattr, _HAS_DEFAULT_FACTORY, _dflt_line):
    def __init__(
        self,
        object,
        detail,
        action,
        line=_dflt_line,
    ):
        _setattr(self, 'object', object)
        _setattr(self, 'detail', detail)
        _setattr(self, 'action', action)
        _setattr(self, 'line', line)

    return __init__


def audit_domains__Domain(_setattr, _HAS_DEFAULT_FACTORY, _dflt_lo, _dflt_hi, _dflt_precision, _dflt_scale, _dflt_floating, _dflt_bits, _dflt_length, _dflt_repertoire, _dflt_fixed, _dflt_lob, _dflt_fraction, _dflt_tz, _dflt_min_year, _dflt_max_year, _dflt_fields, _dflt_lead, _dflt_inner, _dflt_count, _dflt_semantics, _dflt_null_elements, _dflt_unit, _dflt_nul, _dflt_offsets, _dflt_leap, _dflt_ordering):
    def __init__(
        self,
        kind,
        lo=_dflt_lo,
        hi=_dflt_hi,
        precision=_dflt_precision,
        scale=_dflt_scale,
        floating=_dflt_floating,
        bits=_dflt_bits,
        length=_dflt_length,
        repertoire=_dflt_repertoire,
        fixed=_dflt_fixed,
        lob=_dflt_lob,
        fraction=_dflt_fraction,
        tz=_dflt_tz,
        min_year=_dflt_min_year,
        max_year=_dflt_max_year,
        fields=_dflt_fields,
        lead=_dflt_lead,
        inner=_dflt_inner,
        count=_dflt_count,
        semantics=_dflt_semantics,
        null_elements=_dflt_null_elements,
        unit=_dflt_unit,
        nul=_dflt_nul,
        offsets=_dflt_offsets,
        leap=_dflt_leap,
        ordering=_dflt_ordering,
    ):
        _setattr(self, 'kind', kind)
        _setattr(self, 'lo', lo)
        _setattr(self, 'hi', hi)
        _setattr(self, 'precision', precision)
        _setattr(self, 'scale', scale)
        _setattr(self, 'floating', floating)
        _setattr(self, 'bits', bits)
        _setattr(self, 'length', length)
        _setattr(self, 'repertoire', repertoire)
        _setattr(self, 'fixed', fixed)
        _setattr(self, 'lob', lob)
        _setattr(self, 'fraction', fraction)
        _setattr(self, 'tz', tz)
        _setattr(self, 'min_year', min_year)
        _setattr(self, 'max_year', max_year)
        _setattr(self, 'fields', fields)
        _setattr(self, 'lead', lead)
        _setattr(self, 'inner', inner)
        _setattr(self, 'count', count)
        _setattr(self, 'semantics', semantics)
        _setattr(self, 'null_elements', null_elements)
        _setattr(self, 'unit', unit)
        _setattr(self, 'nul', nul)
        _setattr(self, 'offsets', offsets)
        _setattr(self, 'leap', leap)
        _setattr(self, 'ordering', ordering)

    return __init__


def audit_engine__Action(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        object,
        line,
        action,
        severity,
    ):
        _setattr(self, 'object', object)
        _setattr(self, 'line', line)
        _setattr(self, 'action', action)
        _setattr(self, 'severity', severity)

    return __init__


def audit_engine__AuditReport(_setattr, _HAS_DEFAULT_FACTORY, _dflt_weights, _dflt_identifiers):
    def __init__(
        self,
        target,
        spec,
        sized,
        rows,
        paths,
        dialects,
        tables,
        weights=_dflt_weights,
        identifiers=_dflt_identifiers,
    ):
        _setattr(self, 'target', target)
        _setattr(self, 'spec', spec)
        _setattr(self, 'sized', sized)
        _setattr(self, 'rows', rows)
        _setattr(self, 'paths', paths)
        _setattr(self, 'dialects', dialects)
        _setattr(self, 'tables', tables)
        _setattr(self, 'weights', weights)
        _setattr(self, 'identifiers', identifiers)

    return __init__


def audit_engine__ColumnAudit(_setattr, _HAS_DEFAULT_FACTORY, _dflt_guide):
    def __init__(
        self,
        name,
        line,
        source_type,
        target_type,
        mapping,
        loses,
        reason,
        guide=_dflt_guide,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'line', line)
        _setattr(self, 'source_type', source_type)
        _setattr(self, 'target_type', target_type)
        _setattr(self, 'mapping', mapping)
        _setattr(self, 'loses', loses)
        _setattr(self, 'reason', reason)
        _setattr(self, 'guide', guide)

    return __init__


def audit_engine__FileAudit(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        dialect,
        tables,
    ):
        _setattr(self, 'dialect', dialect)
        _setattr(self, 'tables', tables)

    return __init__


def audit_engine__TableAudit(_setattr, _HAS_DEFAULT_FACTORY, _dflt_source, _dflt_mapped):
    def __init__(
        self,
        table,
        scope,
        path,
        line,
        source_dialect,
        source_platform,
        source_row_bytes,
        target_row_bytes,
        target_rows_per_page,
        target_pages,
        complexity,
        columns,
        limits,
        constructs,
        replication,
        actions,
        source=_dflt_source,
        mapped=_dflt_mapped,
    ):
        _setattr(self, 'table', table)
        _setattr(self, 'scope', scope)
        _setattr(self, 'path', path)
        _setattr(self, 'line', line)
        _setattr(self, 'source_dialect', source_dialect)
        _setattr(self, 'source_platform', source_platform)
        _setattr(self, 'source_row_bytes', source_row_bytes)
        _setattr(self, 'target_row_bytes', target_row_bytes)
        _setattr(self, 'target_rows_per_page', target_rows_per_page)
        _setattr(self, 'target_pages', target_pages)
        _setattr(self, 'complexity', complexity)
        _setattr(self, 'columns', columns)
        _setattr(self, 'limits', limits)
        _setattr(self, 'constructs', constructs)
        _setattr(self, 'replication', replication)
        _setattr(self, 'actions', actions)
        _setattr(self, 'source', source)
        _setattr(self, 'mapped', mapped)

    return __init__


def audit_guides__Guide(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        guide,
        url,
        section,
        source,
        target,
        had,
        rows,
    ):
        _setattr(self, 'guide', guide)
        _setattr(self, 'url', url)
        _setattr(self, 'section', section)
        _setattr(self, 'source', source)
        _setattr(self, 'target', target)
        _setattr(self, 'had', had)
        _setattr(self, 'rows', rows)

    return __init__


def audit_guides__Row(_setattr, _HAS_DEFAULT_FACTORY, _dflt_differs, _dflt_length, _dflt_precision, _dflt_scale, _dflt_fraction):
    def __init__(
        self,
        quote,
        match,
        source_type,
        target_type,
        differs=_dflt_differs,
        length=_dflt_length,
        precision=_dflt_precision,
        scale=_dflt_scale,
        fraction=_dflt_fraction,
    ):
        _setattr(self, 'quote', quote)
        _setattr(self, 'match', match)
        _setattr(self, 'source_type', source_type)
        _setattr(self, 'target_type', target_type)
        _setattr(self, 'differs', differs)
        _setattr(self, 'length', length)
        _setattr(self, 'precision', precision)
        _setattr(self, 'scale', scale)
        _setattr(self, 'fraction', fraction)

    return __init__


def audit_limits__Limit(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        limit,
        value,
        maximum,
        unit,
        exceeded,
        message,
    ):
        _setattr(self, 'limit', limit)
        _setattr(self, 'value', value)
        _setattr(self, 'maximum', maximum)
        _setattr(self, 'unit', unit)
        _setattr(self, 'exceeded', exceeded)
        _setattr(self, 'message', message)

    return __init__


def audit_mapping__Entry(_setattr, _HAS_DEFAULT_FACTORY, _dflt_shape, _dflt_citation, _dflt_lo, _dflt_hi, _dflt_bits, _dflt_max_precision, _dflt_max_scale, _dflt_floating, _dflt_max_int_digits, _dflt_max_length, _dflt_repertoire, _dflt_fixed, _dflt_lob, _dflt_max_fraction, _dflt_fraction_step, _dflt_tz, _dflt_min_year, _dflt_max_year, _dflt_fields, _dflt_max_lead, _dflt_template, _dflt_inner_kinds, _dflt_null_elements, _dflt_max_count, _dflt_semantics, _dflt_charset, _dflt_note, _dflt_unit, _dflt_nul, _dflt_offsets, _dflt_leap):
    def __init__(
        self,
        kind,
        name,
        shape=_dflt_shape,
        citation=_dflt_citation,
        lo=_dflt_lo,
        hi=_dflt_hi,
        bits=_dflt_bits,
        max_precision=_dflt_max_precision,
        max_scale=_dflt_max_scale,
        floating=_dflt_floating,
        max_int_digits=_dflt_max_int_digits,
        max_length=_dflt_max_length,
        repertoire=_dflt_repertoire,
        fixed=_dflt_fixed,
        lob=_dflt_lob,
        max_fraction=_dflt_max_fraction,
        fraction_step=_dflt_fraction_step,
        tz=_dflt_tz,
        min_year=_dflt_min_year,
        max_year=_dflt_max_year,
        fields=_dflt_fields,
        max_lead=_dflt_max_lead,
        template=_dflt_template,
        inner_kinds=_dflt_inner_kinds,
        null_elements=_dflt_null_elements,
        max_count=_dflt_max_count,
        semantics=_dflt_semantics,
        charset=_dflt_charset,
        note=_dflt_note,
        unit=_dflt_unit,
        nul=_dflt_nul,
        offsets=_dflt_offsets,
        leap=_dflt_leap,
    ):
        _setattr(self, 'kind', kind)
        _setattr(self, 'name', name)
        _setattr(self, 'shape', shape)
        _setattr(self, 'citation', citation)
        _setattr(self, 'lo', lo)
        _setattr(self, 'hi', hi)
        _setattr(self, 'bits', bits)
        _setattr(self, 'max_precision', max_precision)
        _setattr(self, 'max_scale', max_scale)
        _setattr(self, 'floating', floating)
        _setattr(self, 'max_int_digits', max_int_digits)
        _setattr(self, 'max_length', max_length)
        _setattr(self, 'repertoire', repertoire)
        _setattr(self, 'fixed', fixed)
        _setattr(self, 'lob', lob)
        _setattr(self, 'max_fraction', max_fraction)
        _setattr(self, 'fraction_step', fraction_step)
        _setattr(self, 'tz', tz)
        _setattr(self, 'min_year', min_year)
        _setattr(self, 'max_year', max_year)
        _setattr(self, 'fields', fields)
        _setattr(self, 'max_lead', max_lead)
        _setattr(self, 'template', template)
        _setattr(self, 'inner_kinds', inner_kinds)
        _setattr(self, 'null_elements', null_elements)
        _setattr(self, 'max_count', max_count)
        _setattr(self, 'semantics', semantics)
        _setattr(self, 'charset', charset)
        _setattr(self, 'note', note)
        _setattr(self, 'unit', unit)
        _setattr(self, 'nul', nul)
        _setattr(self, 'offsets', offsets)
        _setattr(self, 'leap', leap)

    return __init__


def audit_mapping__Mapped(_setattr, _HAS_DEFAULT_FACTORY, _dflt_loses, _dflt_reason, _dflt_source):
    def __init__(
        self,
        mapping,
        target,
        loses=_dflt_loses,
        reason=_dflt_reason,
        source=_dflt_source,
    ):
        _setattr(self, 'mapping', mapping)
        _setattr(self, 'target', target)
        _setattr(self, 'loses', loses)
        _setattr(self, 'reason', reason)
        _setattr(self, 'source', source)

    return __init__


def audit_mapping__TargetSpec(_setattr, _HAS_DEFAULT_FACTORY, _dflt_guides, _dflt_citation, _dflt_fallback):
    def __init__(
        self,
        name,
        title,
        dialect,
        grammar,
        platform,
        entries,
        guides=_dflt_guides,
        citation=_dflt_citation,
        fallback=_dflt_fallback,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'title', title)
        _setattr(self, 'dialect', dialect)
        _setattr(self, 'grammar', grammar)
        _setattr(self, 'platform', platform)
        _setattr(self, 'entries', entries)
        _setattr(self, 'guides', guides)
        _setattr(self, 'citation', citation)
        _setattr(self, 'fallback', fallback)

    return __init__


def audit_mapping__TargetType(_setattr, _HAS_DEFAULT_FACTORY, _dflt_charset, _dflt_collation):
    def __init__(
        self,
        text,
        domain,
        entry,
        charset=_dflt_charset,
        collation=_dflt_collation,
    ):
        _setattr(self, 'text', text)
        _setattr(self, 'domain', domain)
        _setattr(self, 'entry', entry)
        _setattr(self, 'charset', charset)
        _setattr(self, 'collation', collation)

    return __init__


def build_context__Context(_setattr, _HAS_DEFAULT_FACTORY, _dflt_max_decimal, _dflt_transaction_mode):
    def __init__(
        self,
        path,
        grammar,
        text,
        offset,
        index,
        max_decimal=_dflt_max_decimal,
        transaction_mode=_dflt_transaction_mode,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'grammar', grammar)
        _setattr(self, 'text', text)
        _setattr(self, 'offset', offset)
        _setattr(self, 'index', index)
        _setattr(self, 'max_decimal', max_decimal)
        _setattr(self, 'transaction_mode', transaction_mode)

    return __init__


def build_derived__Derived(_setattr, _HAS_DEFAULT_FACTORY, _dflt_untyped, _dflt_waiting):
    def __init__(
        self,
        table,
        untyped=_dflt_untyped,
        waiting=_dflt_waiting,
    ):
        _setattr(self, 'table', table)
        _setattr(self, 'untyped', untyped)
        _setattr(self, 'waiting', waiting)

    return __init__


def build_derived___Source(_setattr, _HAS_DEFAULT_FACTORY, _dflt_inline):
    def __init__(
        self,
        label,
        name,
        table,
        outer,
        inline=_dflt_inline,
    ):
        _setattr(self, 'label', label)
        _setattr(self, 'name', name)
        _setattr(self, 'table', table)
        _setattr(self, 'outer', outer)
        _setattr(self, 'inline', inline)

    return __init__


def config__AuditSettings(_setattr, _HAS_DEFAULT_FACTORY, _dflt_weights, _dflt_fail_on, _dflt_ordering, _dflt_collations):
    def __init__(
        self,
        weights=_dflt_weights,
        fail_on=_dflt_fail_on,
        ordering=_dflt_ordering,
        collations=_dflt_collations,
    ):
        _setattr(self, 'weights', weights)
        _setattr(self, 'fail_on', fail_on)
        _setattr(self, 'ordering', ordering)
        _setattr(self, 'collations', collations)

    return __init__


def config__Config(_setattr, _HAS_DEFAULT_FACTORY, _dflt_dialect_map, _dflt_include, _dflt_exclude, _dflt_encoding, _dflt_source, _dflt_sizing, _dflt_rdareas, _dflt_lint, _dflt_scope_map, _dflt_audit):
    def __init__(
        self,
        dialect_map=_dflt_dialect_map,
        include=_dflt_include,
        exclude=_dflt_exclude,
        encoding=_dflt_encoding,
        source=_dflt_source,
        sizing=_dflt_sizing,
        rdareas=_dflt_rdareas,
        lint=_dflt_lint,
        scope_map=_dflt_scope_map,
        audit=_dflt_audit,
    ):
        _setattr(self, 'dialect_map', dialect_map)
        _setattr(self, 'include', include)
        _setattr(self, 'exclude', exclude)
        _setattr(self, 'encoding', encoding)
        _setattr(self, 'source', source)
        _setattr(self, 'sizing', sizing)
        _setattr(self, 'rdareas', rdareas)
        _setattr(self, 'lint', lint)
        _setattr(self, 'scope_map', scope_map)
        _setattr(self, 'audit', audit)

    return __init__


def config__LintSettings(_setattr, _HAS_DEFAULT_FACTORY, _dflt_select, _dflt_ignore, _dflt_extend_select, _dflt_severity, _dflt_per_file_ignores, _dflt_fail_on, _dflt_workload, _dflt_baseline, _dflt_docs_url):
    def __init__(
        self,
        select=_dflt_select,
        ignore=_dflt_ignore,
        extend_select=_dflt_extend_select,
        severity=_dflt_severity,
        per_file_ignores=_dflt_per_file_ignores,
        fail_on=_dflt_fail_on,
        workload=_dflt_workload,
        baseline=_dflt_baseline,
        docs_url=_dflt_docs_url,
    ):
        _setattr(self, 'select', select)
        _setattr(self, 'ignore', ignore)
        _setattr(self, 'extend_select', extend_select)
        _setattr(self, 'severity', severity)
        _setattr(self, 'per_file_ignores', per_file_ignores)
        _setattr(self, 'fail_on', fail_on)
        _setattr(self, 'workload', workload)
        _setattr(self, 'baseline', baseline)
        _setattr(self, 'docs_url', docs_url)

    return __init__


def config__Rdarea(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        name,
        page_length,
        segment_size,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'page_length', page_length)
        _setattr(self, 'segment_size', segment_size)

    return __init__


def core__Options(_setattr, _HAS_DEFAULT_FACTORY, _dflt_dialect, _dflt_encoding, _dflt_config, _dflt_scope_dialect):
    def __init__(
        self,
        dialect=_dflt_dialect,
        encoding=_dflt_encoding,
        config=_dflt_config,
        scope_dialect=_dflt_scope_dialect,
    ):
        _setattr(self, 'dialect', dialect)
        _setattr(self, 'encoding', encoding)
        _setattr(self, 'config', config)
        _setattr(self, 'scope_dialect', scope_dialect)

    return __init__


def core___Piece(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        text,
        start,
        end,
    ):
        _setattr(self, 'text', text)
        _setattr(self, 'start', start)
        _setattr(self, 'end', end)

    return __init__


def detect__DialectChoice(_setattr, _HAS_DEFAULT_FACTORY, _dflt_evidence):
    def __init__(
        self,
        dialect,
        how,
        evidence=_dflt_evidence,
    ):
        _setattr(self, 'dialect', dialect)
        _setattr(self, 'how', how)
        _setattr(self, 'evidence', evidence)

    return __init__


def detect___EvidenceIndex(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        grammars,
        by_word,
        vocabulary,
        always,
    ):
        _setattr(self, 'grammars', grammars)
        _setattr(self, 'by_word', by_word)
        _setattr(self, 'vocabulary', vocabulary)
        _setattr(self, 'always', always)

    return __init__


def diff_model__Change(_setattr, _HAS_DEFAULT_FACTORY, _dflt_span, _dflt_base_side):
    def __init__(
        self,
        kind,
        object,
        before,
        after,
        span=_dflt_span,
        base_side=_dflt_base_side,
    ):
        _setattr(self, 'kind', kind)
        _setattr(self, 'object', object)
        _setattr(self, 'before', before)
        _setattr(self, 'after', after)
        _setattr(self, 'span', span)
        _setattr(self, 'base_side', base_side)

    return __init__


def diff_model__DiffContext(_setattr, _HAS_DEFAULT_FACTORY, _fact_sizing, _dflt_platforms):
    def __init__(
        self,
        scope,
        pairs,
        base,
        head,
        sizing=_HAS_DEFAULT_FACTORY,
        platforms=_dflt_platforms,
    ):
        _setattr(self, 'scope', scope)
        _setattr(self, 'pairs', pairs)
        _setattr(self, 'base', base)
        _setattr(self, 'head', head)
        _setattr(self, 'sizing', _fact_sizing() if sizing is _HAS_DEFAULT_FACTORY else sizing)
        _setattr(self, 'platforms', platforms)

    return __init__


def diff_model__DiffResult(_setattr, _HAS_DEFAULT_FACTORY, _fact_changed_lines, _dflt_files, _dflt_root, _dflt_uncompared):
    def __init__(
        self,
        base,
        head,
        tables,
        new,
        fixed,
        rules,
        fail_on,
        changed_lines=_HAS_DEFAULT_FACTORY,
        files=_dflt_files,
        root=_dflt_root,
        uncompared=_dflt_uncompared,
    ):
        _setattr(self, 'base', base)
        _setattr(self, 'head', head)
        _setattr(self, 'tables', tables)
        _setattr(self, 'new', new)
        _setattr(self, 'fixed', fixed)
        _setattr(self, 'rules', rules)
        _setattr(self, 'fail_on', fail_on)
        _setattr(self, 'changed_lines', _fact_changed_lines() if changed_lines is _HAS_DEFAULT_FACTORY else changed_lines)
        _setattr(self, 'files', files)
        _setattr(self, 'root', root)
        _setattr(self, 'uncompared', uncompared)

    return __init__


def diff_model__Located(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        finding,
        side,
    ):
        _setattr(self, 'finding', finding)
        _setattr(self, 'side', side)

    return __init__


def diff_model__Messages(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        insert,
        update,
        delete,
    ):
        _setattr(self, 'insert', insert)
        _setattr(self, 'update', update)
        _setattr(self, 'delete', delete)

    return __init__


def diff_model__Placed(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        table,
        path,
    ):
        _setattr(self, 'table', table)
        _setattr(self, 'path', path)

    return __init__


def diff_model__ScopeState(_setattr, _HAS_DEFAULT_FACTORY, _dflt_results, _dflt_tables, _fact_estimates, _fact_messages):
    def __init__(
        self,
        name,
        results=_dflt_results,
        tables=_dflt_tables,
        estimates=_HAS_DEFAULT_FACTORY,
        messages=_HAS_DEFAULT_FACTORY,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'results', results)
        _setattr(self, 'tables', tables)
        _setattr(self, 'estimates', _fact_estimates() if estimates is _HAS_DEFAULT_FACTORY else estimates)
        _setattr(self, 'messages', _fact_messages() if messages is _HAS_DEFAULT_FACTORY else messages)

    return __init__


def diff_model__SizeDelta(_setattr, _HAS_DEFAULT_FACTORY, _dflt_messages_before, _dflt_messages_after):
    def __init__(
        self,
        platform,
        before,
        after,
        messages_before=_dflt_messages_before,
        messages_after=_dflt_messages_after,
    ):
        _setattr(self, 'platform', platform)
        _setattr(self, 'before', before)
        _setattr(self, 'after', after)
        _setattr(self, 'messages_before', messages_before)
        _setattr(self, 'messages_after', messages_after)

    return __init__


def diff_model__TableDiff(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        scope,
        pair,
        changes,
        sizes,
        path,
        line,
    ):
        _setattr(self, 'scope', scope)
        _setattr(self, 'pair', pair)
        _setattr(self, 'changes', changes)
        _setattr(self, 'sizes', sizes)
        _setattr(self, 'path', path)
        _setattr(self, 'line', line)

    return __init__


def diff_model__TablePair(_setattr, _HAS_DEFAULT_FACTORY, _dflt_renamed, _dflt_similarity):
    def __init__(
        self,
        before,
        after,
        renamed=_dflt_renamed,
        similarity=_dflt_similarity,
    ):
        _setattr(self, 'before', before)
        _setattr(self, 'after', after)
        _setattr(self, 'renamed', renamed)
        _setattr(self, 'similarity', similarity)

    return __init__


def diff_model__Uncompared(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        scope,
        table,
        side,
        path,
        line,
        reason,
    ):
        _setattr(self, 'scope', scope)
        _setattr(self, 'table', table)
        _setattr(self, 'side', side)
        _setattr(self, 'path', path)
        _setattr(self, 'line', line)
        _setattr(self, 'reason', reason)

    return __init__


def diff_replay__Step(_setattr, _HAS_DEFAULT_FACTORY, _dflt_column, _dflt_name, _dflt_start):
    def __init__(
        self,
        action,
        table,
        column=_dflt_column,
        name=_dflt_name,
        start=_dflt_start,
    ):
        _setattr(self, 'action', action)
        _setattr(self, 'table', table)
        _setattr(self, 'column', column)
        _setattr(self, 'name', name)
        _setattr(self, 'start', start)

    return __init__


def diff_run__Linted(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        side,
        run,
        states,
        texts,
    ):
        _setattr(self, 'side', side)
        _setattr(self, 'run', run)
        _setattr(self, 'states', states)
        _setattr(self, 'texts', texts)

    return __init__


def diff_sides__Side(_setattr, _HAS_DEFAULT_FACTORY, _dflt_display, _dflt_temporary):
    def __init__(
        self,
        label,
        root,
        display=_dflt_display,
        temporary=_dflt_temporary,
    ):
        _setattr(self, 'label', label)
        _setattr(self, 'root', root)
        _setattr(self, 'display', display)
        _setattr(self, 'temporary', temporary)

    return __init__


def estimators_ase_index___Keys(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        count,
        fixed,
        variable,
        variable_bytes,
        variable_form,
    ):
        _setattr(self, 'count', count)
        _setattr(self, 'fixed', fixed)
        _setattr(self, 'variable', variable)
        _setattr(self, 'variable_bytes', variable_bytes)
        _setattr(self, 'variable_form', variable_form)

    return __init__


def estimators_hirdb__Area(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        name,
        page_length,
        segment_size,
        rows,
        configured,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'page_length', page_length)
        _setattr(self, 'segment_size', segment_size)
        _setattr(self, 'rows', rows)
        _setattr(self, 'configured', configured)

    return __init__


def estimators_hirdb___Branching(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        bl,
        branched,
    ):
        _setattr(self, 'bl', bl)
        _setattr(self, 'branched', branched)

    return __init__


def estimators_index_estimate__IndexEstimate(_setattr, _HAS_DEFAULT_FACTORY, _dflt_included, _dflt_fill_factor, _dflt_leaf_row_bytes, _dflt_leaf_rows_per_page, _dflt_index_row_bytes, _dflt_index_rows_per_page, _dflt_rows, _dflt_leaf_pages, _dflt_nonleaf_levels, _dflt_nonleaf_pages, _dflt_pages, _dflt_index_bytes, _dflt_row_locator, _dflt_worksheets, _dflt_diagnostics, _dflt_note, _dflt_span):
    def __init__(
        self,
        path,
        table,
        platform,
        index,
        kind,
        unique,
        source,
        columns,
        included=_dflt_included,
        fill_factor=_dflt_fill_factor,
        leaf_row_bytes=_dflt_leaf_row_bytes,
        leaf_rows_per_page=_dflt_leaf_rows_per_page,
        index_row_bytes=_dflt_index_row_bytes,
        index_rows_per_page=_dflt_index_rows_per_page,
        rows=_dflt_rows,
        leaf_pages=_dflt_leaf_pages,
        nonleaf_levels=_dflt_nonleaf_levels,
        nonleaf_pages=_dflt_nonleaf_pages,
        pages=_dflt_pages,
        index_bytes=_dflt_index_bytes,
        row_locator=_dflt_row_locator,
        worksheets=_dflt_worksheets,
        diagnostics=_dflt_diagnostics,
        note=_dflt_note,
        span=_dflt_span,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'table', table)
        _setattr(self, 'platform', platform)
        _setattr(self, 'index', index)
        _setattr(self, 'kind', kind)
        _setattr(self, 'unique', unique)
        _setattr(self, 'source', source)
        _setattr(self, 'columns', columns)
        _setattr(self, 'included', included)
        _setattr(self, 'fill_factor', fill_factor)
        _setattr(self, 'leaf_row_bytes', leaf_row_bytes)
        _setattr(self, 'leaf_rows_per_page', leaf_rows_per_page)
        _setattr(self, 'index_row_bytes', index_row_bytes)
        _setattr(self, 'index_rows_per_page', index_rows_per_page)
        _setattr(self, 'rows', rows)
        _setattr(self, 'leaf_pages', leaf_pages)
        _setattr(self, 'nonleaf_levels', nonleaf_levels)
        _setattr(self, 'nonleaf_pages', nonleaf_pages)
        _setattr(self, 'pages', pages)
        _setattr(self, 'index_bytes', index_bytes)
        _setattr(self, 'row_locator', row_locator)
        _setattr(self, 'worksheets', worksheets)
        _setattr(self, 'diagnostics', diagnostics)
        _setattr(self, 'note', note)
        _setattr(self, 'span', span)

    return __init__


def estimators_index_specs__IndexSpec(_setattr, _HAS_DEFAULT_FACTORY, _dflt_included, _dflt_span):
    def __init__(
        self,
        name,
        kind,
        columns,
        unique,
        fill_factor,
        source,
        included=_dflt_included,
        span=_dflt_span,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'kind', kind)
        _setattr(self, 'columns', columns)
        _setattr(self, 'unique', unique)
        _setattr(self, 'fill_factor', fill_factor)
        _setattr(self, 'source', source)
        _setattr(self, 'included', included)
        _setattr(self, 'span', span)

    return __init__


def estimators_mssql__ClusteredKey(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        columns,
        unique,
        fill_factor,
        name,
    ):
        _setattr(self, 'columns', columns)
        _setattr(self, 'unique', unique)
        _setattr(self, 'fill_factor', fill_factor)
        _setattr(self, 'name', name)

    return __init__


def estimators_mssql___Counts(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        num_cols,
        fixed,
        num_var,
        max_var,
        fixed_terms,
        var_terms,
        bits,
        sparse,
    ):
        _setattr(self, 'num_cols', num_cols)
        _setattr(self, 'fixed', fixed)
        _setattr(self, 'num_var', num_var)
        _setattr(self, 'max_var', max_var)
        _setattr(self, 'fixed_terms', fixed_terms)
        _setattr(self, 'var_terms', var_terms)
        _setattr(self, 'bits', bits)
        _setattr(self, 'sparse', sparse)

    return __init__


def estimators_mssql_index___Group(_setattr, _HAS_DEFAULT_FACTORY, _dflt_count, _dflt_fixed, _dflt_num_var, _dflt_max_var, _dflt_nullable, _dflt_fixed_terms, _dflt_var_terms, _dflt_missing):
    def __init__(
        self,
        count=_dflt_count,
        fixed=_dflt_fixed,
        num_var=_dflt_num_var,
        max_var=_dflt_max_var,
        nullable=_dflt_nullable,
        fixed_terms=_dflt_fixed_terms,
        var_terms=_dflt_var_terms,
        missing=_dflt_missing,
    ):
        _setattr(self, 'count', count)
        _setattr(self, 'fixed', fixed)
        _setattr(self, 'num_var', num_var)
        _setattr(self, 'max_var', max_var)
        _setattr(self, 'nullable', nullable)
        _setattr(self, 'fixed_terms', fixed_terms)
        _setattr(self, 'var_terms', var_terms)
        _setattr(self, 'missing', missing)

    return __init__


def estimators_mssql_replication__ArticleCommands(_setattr, _HAS_DEFAULT_FACTORY, _dflt_span, _dflt_lob_columns):
    def __init__(
        self,
        path,
        table,
        publication,
        ins_cmd,
        upd_cmd,
        del_cmd,
        columns,
        primary_key,
        changed_columns,
        bitmap_bytes,
        commands,
        span=_dflt_span,
        lob_columns=_dflt_lob_columns,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'table', table)
        _setattr(self, 'publication', publication)
        _setattr(self, 'ins_cmd', ins_cmd)
        _setattr(self, 'upd_cmd', upd_cmd)
        _setattr(self, 'del_cmd', del_cmd)
        _setattr(self, 'columns', columns)
        _setattr(self, 'primary_key', primary_key)
        _setattr(self, 'changed_columns', changed_columns)
        _setattr(self, 'bitmap_bytes', bitmap_bytes)
        _setattr(self, 'commands', commands)
        _setattr(self, 'span', span)
        _setattr(self, 'lob_columns', lob_columns)

    return __init__


def estimators_mssql_replication__ArticleDefinition(_setattr, _HAS_DEFAULT_FACTORY, _dflt_publication, _dflt_ins_cmd, _dflt_upd_cmd, _dflt_del_cmd):
    def __init__(
        self,
        table,
        publication=_dflt_publication,
        ins_cmd=_dflt_ins_cmd,
        upd_cmd=_dflt_upd_cmd,
        del_cmd=_dflt_del_cmd,
    ):
        _setattr(self, 'table', table)
        _setattr(self, 'publication', publication)
        _setattr(self, 'ins_cmd', ins_cmd)
        _setattr(self, 'upd_cmd', upd_cmd)
        _setattr(self, 'del_cmd', del_cmd)

    return __init__


def estimators_mssql_replication__Command(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        operation,
        syntax,
        procedure,
        parameters,
        command_bytes,
        rows,
        worksheet,
    ):
        _setattr(self, 'operation', operation)
        _setattr(self, 'syntax', syntax)
        _setattr(self, 'procedure', procedure)
        _setattr(self, 'parameters', parameters)
        _setattr(self, 'command_bytes', command_bytes)
        _setattr(self, 'rows', rows)
        _setattr(self, 'worksheet', worksheet)

    return __init__


def estimators_mssql_replication__Comparison(_setattr, _HAS_DEFAULT_FACTORY, _dflt_call_bytes, _dflt_scall_bytes):
    def __init__(
        self,
        table,
        changed_columns,
        count,
        call,
        scall,
        call_bytes=_dflt_call_bytes,
        scall_bytes=_dflt_scall_bytes,
    ):
        _setattr(self, 'table', table)
        _setattr(self, 'changed_columns', changed_columns)
        _setattr(self, 'count', count)
        _setattr(self, 'call', call)
        _setattr(self, 'scall', scall)
        _setattr(self, 'call_bytes', call_bytes)
        _setattr(self, 'scall_bytes', scall_bytes)

    return __init__


def estimators_mssql_replication__Parameter(_setattr, _HAS_DEFAULT_FACTORY, _dflt_null):
    def __init__(
        self,
        name,
        role,
        column,
        declared,
        value_bytes,
        null=_dflt_null,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'role', role)
        _setattr(self, 'column', column)
        _setattr(self, 'declared', declared)
        _setattr(self, 'value_bytes', value_bytes)
        _setattr(self, 'null', null)

    return __init__


def estimators_mssql_replication__Storage(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        count,
        rows,
        leaf_pages,
        index_pages,
        reserved_kb,
        worksheet,
    ):
        _setattr(self, 'count', count)
        _setattr(self, 'rows', rows)
        _setattr(self, 'leaf_pages', leaf_pages)
        _setattr(self, 'index_pages', index_pages)
        _setattr(self, 'reserved_kb', reserved_kb)
        _setattr(self, 'worksheet', worksheet)

    return __init__


def estimators_repserver__Capacity(_setattr, _HAS_DEFAULT_FACTORY, _dflt_tables, _dflt_databases, _dflt_sites, _dflt_notes):
    def __init__(
        self,
        tables=_dflt_tables,
        databases=_dflt_databases,
        sites=_dflt_sites,
        notes=_dflt_notes,
    ):
        _setattr(self, 'tables', tables)
        _setattr(self, 'databases', databases)
        _setattr(self, 'sites', sites)
        _setattr(self, 'notes', notes)

    return __init__


def estimators_repserver__ColumnWidth(_setattr, _HAS_DEFAULT_FACTORY, _dflt_key, _dflt_lob):
    def __init__(
        self,
        name,
        width,
        derivation,
        key=_dflt_key,
        lob=_dflt_lob,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'width', width)
        _setattr(self, 'derivation', derivation)
        _setattr(self, 'key', key)
        _setattr(self, 'lob', lob)

    return __init__


def estimators_repserver__DatabaseVolume(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        database,
        transaction_rate,
        volume,
        queue_bytes,
        worksheet,
    ):
        _setattr(self, 'database', database)
        _setattr(self, 'transaction_rate', transaction_rate)
        _setattr(self, 'volume', volume)
        _setattr(self, 'queue_bytes', queue_bytes)
        _setattr(self, 'worksheet', worksheet)

    return __init__


def estimators_repserver__FunctionMessages(_setattr, _HAS_DEFAULT_FACTORY, _dflt_span, _dflt_sites, _dflt_sites_basis, _dflt_subscribed):
    def __init__(
        self,
        path,
        name,
        primary_database,
        parameters,
        parameter_width,
        num_sites,
        message,
        span=_dflt_span,
        sites=_dflt_sites,
        sites_basis=_dflt_sites_basis,
        subscribed=_dflt_subscribed,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'name', name)
        _setattr(self, 'primary_database', primary_database)
        _setattr(self, 'parameters', parameters)
        _setattr(self, 'parameter_width', parameter_width)
        _setattr(self, 'num_sites', num_sites)
        _setattr(self, 'message', message)
        _setattr(self, 'span', span)
        _setattr(self, 'sites', sites)
        _setattr(self, 'sites_basis', sites_basis)
        _setattr(self, 'subscribed', subscribed)

    return __init__


def estimators_repserver__Message(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        operation,
        variant,
        inbound,
        outbound,
        worksheet,
    ):
        _setattr(self, 'operation', operation)
        _setattr(self, 'variant', variant)
        _setattr(self, 'inbound', inbound)
        _setattr(self, 'outbound', outbound)
        _setattr(self, 'worksheet', worksheet)

    return __init__


def estimators_repserver__Messages(_setattr, _HAS_DEFAULT_FACTORY, _dflt_tables, _dflt_functions, _dflt_transaction):
    def __init__(
        self,
        tables=_dflt_tables,
        functions=_dflt_functions,
        transaction=_dflt_transaction,
    ):
        _setattr(self, 'tables', tables)
        _setattr(self, 'functions', functions)
        _setattr(self, 'transaction', transaction)

    return __init__


def estimators_repserver__Receivers(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        count,
        sites,
        basis,
        subscribed,
    ):
        _setattr(self, 'count', count)
        _setattr(self, 'sites', sites)
        _setattr(self, 'basis', basis)
        _setattr(self, 'subscribed', subscribed)

    return __init__


def estimators_repserver__SiteVolume(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        site,
        transaction_rate,
        volume,
        failure_duration,
        save_interval,
        queue_bytes,
        worksheet,
    ):
        _setattr(self, 'site', site)
        _setattr(self, 'transaction_rate', transaction_rate)
        _setattr(self, 'volume', volume)
        _setattr(self, 'failure_duration', failure_duration)
        _setattr(self, 'save_interval', save_interval)
        _setattr(self, 'queue_bytes', queue_bytes)
        _setattr(self, 'worksheet', worksheet)

    return __init__


def estimators_repserver__TableMessages(_setattr, _HAS_DEFAULT_FACTORY, _dflt_messages, _dflt_span, _dflt_sites, _dflt_sites_basis, _dflt_subscribed):
    def __init__(
        self,
        path,
        table,
        source,
        definition,
        primary_database,
        minimal_columns,
        num_sites,
        columns,
        primary_key,
        row_width,
        primary_key_width,
        changed_columns,
        num_columns_changed,
        row_width_changed,
        changed_basis,
        messages=_dflt_messages,
        span=_dflt_span,
        sites=_dflt_sites,
        sites_basis=_dflt_sites_basis,
        subscribed=_dflt_subscribed,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'table', table)
        _setattr(self, 'source', source)
        _setattr(self, 'definition', definition)
        _setattr(self, 'primary_database', primary_database)
        _setattr(self, 'minimal_columns', minimal_columns)
        _setattr(self, 'num_sites', num_sites)
        _setattr(self, 'columns', columns)
        _setattr(self, 'primary_key', primary_key)
        _setattr(self, 'row_width', row_width)
        _setattr(self, 'primary_key_width', primary_key_width)
        _setattr(self, 'changed_columns', changed_columns)
        _setattr(self, 'num_columns_changed', num_columns_changed)
        _setattr(self, 'row_width_changed', row_width_changed)
        _setattr(self, 'changed_basis', changed_basis)
        _setattr(self, 'messages', messages)
        _setattr(self, 'span', span)
        _setattr(self, 'sites', sites)
        _setattr(self, 'sites_basis', sites_basis)
        _setattr(self, 'subscribed', subscribed)

    return __init__


def estimators_repserver__TableVolume(_setattr, _HAS_DEFAULT_FACTORY, _dflt_subscribed, _dflt_num_sites):
    def __init__(
        self,
        table,
        primary_database,
        inbound,
        outbound,
        worksheet,
        subscribed=_dflt_subscribed,
        num_sites=_dflt_num_sites,
    ):
        _setattr(self, 'table', table)
        _setattr(self, 'primary_database', primary_database)
        _setattr(self, 'inbound', inbound)
        _setattr(self, 'outbound', outbound)
        _setattr(self, 'worksheet', worksheet)
        _setattr(self, 'subscribed', subscribed)
        _setattr(self, 'num_sites', num_sites)

    return __init__


def estimators_sql_remote__ArticleCheck(_setattr, _HAS_DEFAULT_FACTORY, _dflt_span):
    def __init__(
        self,
        path,
        publication,
        kind,
        table,
        subscription,
        span=_dflt_span,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'publication', publication)
        _setattr(self, 'kind', kind)
        _setattr(self, 'table', table)
        _setattr(self, 'subscription', subscription)
        _setattr(self, 'span', span)

    return __init__


def estimators_sql_remote__ArticleLog(_setattr, _HAS_DEFAULT_FACTORY, _dflt_span):
    def __init__(
        self,
        path,
        publication,
        kind,
        table,
        row_bytes,
        marked,
        bytes_per_operation,
        rows_per_message,
        subscribers,
        log_bytes_per_second,
        messages_per_hour,
        subscription,
        worksheet,
        span=_dflt_span,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'publication', publication)
        _setattr(self, 'kind', kind)
        _setattr(self, 'table', table)
        _setattr(self, 'row_bytes', row_bytes)
        _setattr(self, 'marked', marked)
        _setattr(self, 'bytes_per_operation', bytes_per_operation)
        _setattr(self, 'rows_per_message', rows_per_message)
        _setattr(self, 'subscribers', subscribers)
        _setattr(self, 'log_bytes_per_second', log_bytes_per_second)
        _setattr(self, 'messages_per_hour', messages_per_hour)
        _setattr(self, 'subscription', subscription)
        _setattr(self, 'worksheet', worksheet)
        _setattr(self, 'span', span)

    return __init__


def estimators_sql_remote__SubscriptionColumn(_setattr, _HAS_DEFAULT_FACTORY, _dflt_declared, _dflt_length, _dflt_needed, _dflt_values):
    def __init__(
        self,
        article,
        expression,
        problem,
        declared=_dflt_declared,
        length=_dflt_length,
        needed=_dflt_needed,
        values=_dflt_values,
    ):
        _setattr(self, 'article', article)
        _setattr(self, 'expression', expression)
        _setattr(self, 'problem', problem)
        _setattr(self, 'declared', declared)
        _setattr(self, 'length', length)
        _setattr(self, 'needed', needed)
        _setattr(self, 'values', values)

    return __init__


def estimators_table_estimate__Figure(_setattr, _HAS_DEFAULT_FACTORY, _dflt_unit, _dflt_worksheet):
    def __init__(
        self,
        name,
        value,
        unit=_dflt_unit,
        worksheet=_dflt_worksheet,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'value', value)
        _setattr(self, 'unit', unit)
        _setattr(self, 'worksheet', worksheet)

    return __init__


def estimators_table_estimate__TableEstimate(_setattr, _HAS_DEFAULT_FACTORY, _dflt_row_limit, _dflt_rows, _dflt_rows_per_page, _dflt_pages, _dflt_table_bytes, _dflt_figures, _dflt_worksheets, _dflt_diagnostics, _dflt_reconstruction):
    def __init__(
        self,
        path,
        table,
        dialect,
        platform,
        row_bytes,
        max_row_bytes,
        row_limit=_dflt_row_limit,
        rows=_dflt_rows,
        rows_per_page=_dflt_rows_per_page,
        pages=_dflt_pages,
        table_bytes=_dflt_table_bytes,
        figures=_dflt_figures,
        worksheets=_dflt_worksheets,
        diagnostics=_dflt_diagnostics,
        reconstruction=_dflt_reconstruction,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'table', table)
        _setattr(self, 'dialect', dialect)
        _setattr(self, 'platform', platform)
        _setattr(self, 'row_bytes', row_bytes)
        _setattr(self, 'max_row_bytes', max_row_bytes)
        _setattr(self, 'row_limit', row_limit)
        _setattr(self, 'rows', rows)
        _setattr(self, 'rows_per_page', rows_per_page)
        _setattr(self, 'pages', pages)
        _setattr(self, 'table_bytes', table_bytes)
        _setattr(self, 'figures', figures)
        _setattr(self, 'worksheets', worksheets)
        _setattr(self, 'diagnostics', diagnostics)
        _setattr(self, 'reconstruction', reconstruction)

    return __init__


def estimators_teradata___Areas(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        variable,
        chars,
        lobs,
        fixed_terms,
        fixed_total,
        presence,
        fixed_alignments,
        fixed_size,
        comp_alignments,
        comp_size,
        any_comp_alignments,
        variable_alignments,
        lob_alignments,
        widen,
        partition,
    ):
        _setattr(self, 'variable', variable)
        _setattr(self, 'chars', chars)
        _setattr(self, 'lobs', lobs)
        _setattr(self, 'fixed_terms', fixed_terms)
        _setattr(self, 'fixed_total', fixed_total)
        _setattr(self, 'presence', presence)
        _setattr(self, 'fixed_alignments', fixed_alignments)
        _setattr(self, 'fixed_size', fixed_size)
        _setattr(self, 'comp_alignments', comp_alignments)
        _setattr(self, 'comp_size', comp_size)
        _setattr(self, 'any_comp_alignments', any_comp_alignments)
        _setattr(self, 'variable_alignments', variable_alignments)
        _setattr(self, 'lob_alignments', lob_alignments)
        _setattr(self, 'widen', widen)
        _setattr(self, 'partition', partition)

    return __init__


def estimators_teradata___Packed(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        logical,
        octets,
        physical,
        result,
    ):
        _setattr(self, 'logical', logical)
        _setattr(self, 'octets', octets)
        _setattr(self, 'physical', physical)
        _setattr(self, 'result', result)

    return __init__


def findings__Finding(_setattr, _HAS_DEFAULT_FACTORY, _dflt_span, _dflt_table, _dflt_bytes):
    def __init__(
        self,
        name,
        severity,
        message,
        span=_dflt_span,
        table=_dflt_table,
        bytes=_dflt_bytes,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'severity', severity)
        _setattr(self, 'message', message)
        _setattr(self, 'span', span)
        _setattr(self, 'table', table)
        _setattr(self, 'bytes', bytes)

    return __init__


def grammars_profile__Evidence(_setattr, _HAS_DEFAULT_FACTORY, _dflt_shared):
    def __init__(
        self,
        source,
        weight,
        label,
        shared=_dflt_shared,
    ):
        _setattr(self, 'source', source)
        _setattr(self, 'weight', weight)
        _setattr(self, 'label', label)
        _setattr(self, 'shared', shared)

    return __init__


def grammars_profile__Grammar(_setattr, _HAS_DEFAULT_FACTORY, _dflt_batch_separator, _dflt_default_nullable, _dflt_partition_count, _dflt_statements, _dflt_changes):
    def __init__(
        self,
        name,
        description,
        dialect,
        evidence,
        type_families,
        batch_separator=_dflt_batch_separator,
        default_nullable=_dflt_default_nullable,
        partition_count=_dflt_partition_count,
        statements=_dflt_statements,
        changes=_dflt_changes,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'description', description)
        _setattr(self, 'dialect', dialect)
        _setattr(self, 'evidence', evidence)
        _setattr(self, 'type_families', type_families)
        _setattr(self, 'batch_separator', batch_separator)
        _setattr(self, 'default_nullable', default_nullable)
        _setattr(self, 'partition_count', partition_count)
        _setattr(self, 'statements', statements)
        _setattr(self, 'changes', changes)

    return __init__


def grammars_profile__Profile(_setattr, _HAS_DEFAULT_FACTORY, _dflt_batch_separator):
    def __init__(
        self,
        name,
        description,
        module,
        evidence,
        batch_separator=_dflt_batch_separator,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'description', description)
        _setattr(self, 'module', module)
        _setattr(self, 'evidence', evidence)
        _setattr(self, 'batch_separator', batch_separator)

    return __init__


def grammars_scan__ScanTable(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        master,
        keywords,
        single,
        segments,
        words,
        identifiers,
        commands,
        command_prefix,
        dash_comments,
        block_comments,
        nested_comments,
    ):
        _setattr(self, 'master', master)
        _setattr(self, 'keywords', keywords)
        _setattr(self, 'single', single)
        _setattr(self, 'segments', segments)
        _setattr(self, 'words', words)
        _setattr(self, 'identifiers', identifiers)
        _setattr(self, 'commands', commands)
        _setattr(self, 'command_prefix', command_prefix)
        _setattr(self, 'dash_comments', dash_comments)
        _setattr(self, 'block_comments', block_comments)
        _setattr(self, 'nested_comments', nested_comments)

    return __init__


def graph_analysis__Analysis(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        scope,
        schema,
        cycles,
        self_references,
        components,
        orphans,
        order,
        drop_order,
    ):
        _setattr(self, 'scope', scope)
        _setattr(self, 'schema', schema)
        _setattr(self, 'cycles', cycles)
        _setattr(self, 'self_references', self_references)
        _setattr(self, 'components', components)
        _setattr(self, 'orphans', orphans)
        _setattr(self, 'order', order)
        _setattr(self, 'drop_order', drop_order)

    return __init__


def graph_build__SchemaGraph(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        schema,
        graph,
    ):
        _setattr(self, 'schema', schema)
        _setattr(self, 'graph', graph)

    return __init__


def graph_cycles__Cycle(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        tables,
        keys,
        defer,
    ):
        _setattr(self, 'tables', tables)
        _setattr(self, 'keys', keys)
        _setattr(self, 'defer', defer)

    return __init__


def graph_dependencies__Dependencies(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        names,
        keys,
        successors,
        self_loops,
    ):
        _setattr(self, 'names', names)
        _setattr(self, 'keys', keys)
        _setattr(self, 'successors', successors)
        _setattr(self, 'self_loops', self_loops)

    return __init__


def graph_model__Edge(_setattr, _HAS_DEFAULT_FACTORY, _dflt_columns, _dflt_ref_columns, _dflt_name, _dflt_file, _dflt_line, _dflt_span, _dflt_optional):
    def __init__(
        self,
        source,
        target,
        kind,
        columns=_dflt_columns,
        ref_columns=_dflt_ref_columns,
        name=_dflt_name,
        file=_dflt_file,
        line=_dflt_line,
        span=_dflt_span,
        optional=_dflt_optional,
    ):
        _setattr(self, 'source', source)
        _setattr(self, 'target', target)
        _setattr(self, 'kind', kind)
        _setattr(self, 'columns', columns)
        _setattr(self, 'ref_columns', ref_columns)
        _setattr(self, 'name', name)
        _setattr(self, 'file', file)
        _setattr(self, 'line', line)
        _setattr(self, 'span', span)
        _setattr(self, 'optional', optional)

    return __init__


def graph_model__Missing(_setattr, _HAS_DEFAULT_FACTORY, _dflt_span):
    def __init__(
        self,
        source,
        target,
        kind,
        file,
        line,
        span=_dflt_span,
    ):
        _setattr(self, 'source', source)
        _setattr(self, 'target', target)
        _setattr(self, 'kind', kind)
        _setattr(self, 'file', file)
        _setattr(self, 'line', line)
        _setattr(self, 'span', span)

    return __init__


def graph_model__Node(_setattr, _HAS_DEFAULT_FACTORY, _dflt_dialect, _dflt_span):
    def __init__(
        self,
        id,
        kind,
        name,
        file,
        line,
        dialect=_dflt_dialect,
        span=_dflt_span,
    ):
        _setattr(self, 'id', id)
        _setattr(self, 'kind', kind)
        _setattr(self, 'name', name)
        _setattr(self, 'file', file)
        _setattr(self, 'line', line)
        _setattr(self, 'dialect', dialect)
        _setattr(self, 'span', span)

    return __init__


def graph_model__Schema(_setattr, _HAS_DEFAULT_FACTORY, _dflt_edges, _dflt_missing):
    def __init__(
        self,
        nodes,
        edges=_dflt_edges,
        missing=_dflt_missing,
    ):
        _setattr(self, 'nodes', nodes)
        _setattr(self, 'edges', edges)
        _setattr(self, 'missing', missing)

    return __init__


def ir__Article(_setattr, _HAS_DEFAULT_FACTORY, _dflt_columns, _dflt_where, _dflt_subscribe_by, _dflt_resolved, _dflt_table_path, _dflt_span):
    def __init__(
        self,
        table,
        columns=_dflt_columns,
        where=_dflt_where,
        subscribe_by=_dflt_subscribe_by,
        resolved=_dflt_resolved,
        table_path=_dflt_table_path,
        span=_dflt_span,
    ):
        _setattr(self, 'table', table)
        _setattr(self, 'columns', columns)
        _setattr(self, 'where', where)
        _setattr(self, 'subscribe_by', subscribe_by)
        _setattr(self, 'resolved', resolved)
        _setattr(self, 'table_path', table_path)
        _setattr(self, 'span', span)

    return __init__


def ir__AsciiWidth(_setattr, _HAS_DEFAULT_FACTORY, _dflt_basis):
    def __init__(
        self,
        width,
        derivation,
        basis=_dflt_basis,
    ):
        _setattr(self, 'width', width)
        _setattr(self, 'derivation', derivation)
        _setattr(self, 'basis', basis)

    return __init__


def ir__Column(_setattr, _HAS_DEFAULT_FACTORY, _dflt_default, _dflt_identity, _dflt_computed, _dflt_character_set, _dflt_collation, _dflt_case_specific, _dflt_uppercase, _dflt_compression, _dflt_sparse, _dflt_filestream, _dflt_rowguidcol, _dflt_user_type, _dflt_options, _dflt_span, _dflt_storage, _dflt_suppress, _dflt_no_split, _dflt_recovery, _dflt_lob_rdareas, _dflt_attribute_rdareas, _dflt_adt, _dflt_ascii_width, _dflt_generated, _dflt_hidden, _dflt_implicit, _dflt_derived_from):
    def __init__(
        self,
        name,
        position,
        type,
        nullable,
        nullable_explicit,
        default=_dflt_default,
        identity=_dflt_identity,
        computed=_dflt_computed,
        character_set=_dflt_character_set,
        collation=_dflt_collation,
        case_specific=_dflt_case_specific,
        uppercase=_dflt_uppercase,
        compression=_dflt_compression,
        sparse=_dflt_sparse,
        filestream=_dflt_filestream,
        rowguidcol=_dflt_rowguidcol,
        user_type=_dflt_user_type,
        options=_dflt_options,
        span=_dflt_span,
        storage=_dflt_storage,
        suppress=_dflt_suppress,
        no_split=_dflt_no_split,
        recovery=_dflt_recovery,
        lob_rdareas=_dflt_lob_rdareas,
        attribute_rdareas=_dflt_attribute_rdareas,
        adt=_dflt_adt,
        ascii_width=_dflt_ascii_width,
        generated=_dflt_generated,
        hidden=_dflt_hidden,
        implicit=_dflt_implicit,
        derived_from=_dflt_derived_from,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'position', position)
        _setattr(self, 'type', type)
        _setattr(self, 'nullable', nullable)
        _setattr(self, 'nullable_explicit', nullable_explicit)
        _setattr(self, 'default', default)
        _setattr(self, 'identity', identity)
        _setattr(self, 'computed', computed)
        _setattr(self, 'character_set', character_set)
        _setattr(self, 'collation', collation)
        _setattr(self, 'case_specific', case_specific)
        _setattr(self, 'uppercase', uppercase)
        _setattr(self, 'compression', compression)
        _setattr(self, 'sparse', sparse)
        _setattr(self, 'filestream', filestream)
        _setattr(self, 'rowguidcol', rowguidcol)
        _setattr(self, 'user_type', user_type)
        _setattr(self, 'options', options)
        _setattr(self, 'span', span)
        _setattr(self, 'storage', storage)
        _setattr(self, 'suppress', suppress)
        _setattr(self, 'no_split', no_split)
        _setattr(self, 'recovery', recovery)
        _setattr(self, 'lob_rdareas', lob_rdareas)
        _setattr(self, 'attribute_rdareas', attribute_rdareas)
        _setattr(self, 'adt', adt)
        _setattr(self, 'ascii_width', ascii_width)
        _setattr(self, 'generated', generated)
        _setattr(self, 'hidden', hidden)
        _setattr(self, 'implicit', implicit)
        _setattr(self, 'derived_from', derived_from)

    return __init__


def ir__ColumnReplication(_setattr, _HAS_DEFAULT_FACTORY, _dflt_span):
    def __init__(
        self,
        column,
        status,
        span=_dflt_span,
    ):
        _setattr(self, 'column', column)
        _setattr(self, 'status', status)
        _setattr(self, 'span', span)

    return __init__


def ir__ColumnStorage(_setattr, _HAS_DEFAULT_FACTORY, _dflt_basis, _dflt_mapped, _dflt_alignment, _dflt_aligned_length, _dflt_presence_bits, _dflt_compress_bits, _dflt_source, _dflt_note, _dflt_branch, _dflt_split_length):
    def __init__(
        self,
        platform,
        type,
        category,
        data_length,
        max_length,
        basis=_dflt_basis,
        mapped=_dflt_mapped,
        alignment=_dflt_alignment,
        aligned_length=_dflt_aligned_length,
        presence_bits=_dflt_presence_bits,
        compress_bits=_dflt_compress_bits,
        source=_dflt_source,
        note=_dflt_note,
        branch=_dflt_branch,
        split_length=_dflt_split_length,
    ):
        _setattr(self, 'platform', platform)
        _setattr(self, 'type', type)
        _setattr(self, 'category', category)
        _setattr(self, 'data_length', data_length)
        _setattr(self, 'max_length', max_length)
        _setattr(self, 'basis', basis)
        _setattr(self, 'mapped', mapped)
        _setattr(self, 'alignment', alignment)
        _setattr(self, 'aligned_length', aligned_length)
        _setattr(self, 'presence_bits', presence_bits)
        _setattr(self, 'compress_bits', compress_bits)
        _setattr(self, 'source', source)
        _setattr(self, 'note', note)
        _setattr(self, 'branch', branch)
        _setattr(self, 'split_length', split_length)

    return __init__


def ir__Compression(_setattr, _HAS_DEFAULT_FACTORY, _dflt_values, _dflt_bare, _dflt_compress_using, _dflt_decompress_using):
    def __init__(
        self,
        values=_dflt_values,
        bare=_dflt_bare,
        compress_using=_dflt_compress_using,
        decompress_using=_dflt_decompress_using,
    ):
        _setattr(self, 'values', values)
        _setattr(self, 'bare', bare)
        _setattr(self, 'compress_using', compress_using)
        _setattr(self, 'decompress_using', decompress_using)

    return __init__


def ir__Computed(_setattr, _HAS_DEFAULT_FACTORY, _dflt_persisted):
    def __init__(
        self,
        expression,
        persisted=_dflt_persisted,
    ):
        _setattr(self, 'expression', expression)
        _setattr(self, 'persisted', persisted)

    return __init__


def ir__Constraint(_setattr, _HAS_DEFAULT_FACTORY, _dflt_columns, _dflt_name, _dflt_clustered, _dflt_ref_table, _dflt_ref_columns, _dflt_expression, _dflt_fill_factor, _dflt_span, _dflt_declared_by, _dflt_connections, _dflt_on_delete):
    def __init__(
        self,
        kind,
        columns=_dflt_columns,
        name=_dflt_name,
        clustered=_dflt_clustered,
        ref_table=_dflt_ref_table,
        ref_columns=_dflt_ref_columns,
        expression=_dflt_expression,
        fill_factor=_dflt_fill_factor,
        span=_dflt_span,
        declared_by=_dflt_declared_by,
        connections=_dflt_connections,
        on_delete=_dflt_on_delete,
    ):
        _setattr(self, 'kind', kind)
        _setattr(self, 'columns', columns)
        _setattr(self, 'name', name)
        _setattr(self, 'clustered', clustered)
        _setattr(self, 'ref_table', ref_table)
        _setattr(self, 'ref_columns', ref_columns)
        _setattr(self, 'expression', expression)
        _setattr(self, 'fill_factor', fill_factor)
        _setattr(self, 'span', span)
        _setattr(self, 'declared_by', declared_by)
        _setattr(self, 'connections', connections)
        _setattr(self, 'on_delete', on_delete)

    return __init__


def ir__DerivedQuery(_setattr, _HAS_DEFAULT_FACTORY, _dflt_max_decimal, _dflt_transaction_mode):
    def __init__(
        self,
        text,
        offset,
        line,
        column,
        max_decimal=_dflt_max_decimal,
        transaction_mode=_dflt_transaction_mode,
    ):
        _setattr(self, 'text', text)
        _setattr(self, 'offset', offset)
        _setattr(self, 'line', line)
        _setattr(self, 'column', column)
        _setattr(self, 'max_decimal', max_decimal)
        _setattr(self, 'transaction_mode', transaction_mode)

    return __init__


def ir__Diagnostic(_setattr, _HAS_DEFAULT_FACTORY, _dflt_span, _dflt_expected, _dflt_source_line):
    def __init__(
        self,
        code,
        severity,
        message,
        span=_dflt_span,
        expected=_dflt_expected,
        source_line=_dflt_source_line,
    ):
        _setattr(self, 'code', code)
        _setattr(self, 'severity', severity)
        _setattr(self, 'message', message)
        _setattr(self, 'span', span)
        _setattr(self, 'expected', expected)
        _setattr(self, 'source_line', source_line)

    return __init__


def ir__Document(_setattr, _HAS_DEFAULT_FACTORY, _dflt_files):
    def __init__(
        self,
        schema_version,
        files=_dflt_files,
    ):
        _setattr(self, 'schema_version', schema_version)
        _setattr(self, 'files', files)

    return __init__


def ir__FileResult(_setattr, _HAS_DEFAULT_FACTORY, _dflt_dialect_evidence, _dflt_encoding_evidence, _dflt_statements, _dflt_tables, _dflt_user_types, _dflt_skipped, _dflt_diagnostics, _dflt_replication_definitions, _dflt_function_replication_definitions, _dflt_subscriptions, _dflt_publications, _dflt_table_changes, _dflt_replication_definition_changes, _dflt_publication_changes, _dflt_indexes, _dflt_name_changes, _dflt_derived_queries):
    def __init__(
        self,
        path,
        dialect,
        encoding,
        dialect_evidence=_dflt_dialect_evidence,
        encoding_evidence=_dflt_encoding_evidence,
        statements=_dflt_statements,
        tables=_dflt_tables,
        user_types=_dflt_user_types,
        skipped=_dflt_skipped,
        diagnostics=_dflt_diagnostics,
        replication_definitions=_dflt_replication_definitions,
        function_replication_definitions=_dflt_function_replication_definitions,
        subscriptions=_dflt_subscriptions,
        publications=_dflt_publications,
        table_changes=_dflt_table_changes,
        replication_definition_changes=_dflt_replication_definition_changes,
        publication_changes=_dflt_publication_changes,
        indexes=_dflt_indexes,
        name_changes=_dflt_name_changes,
        derived_queries=_dflt_derived_queries,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'dialect', dialect)
        _setattr(self, 'encoding', encoding)
        _setattr(self, 'dialect_evidence', dialect_evidence)
        _setattr(self, 'encoding_evidence', encoding_evidence)
        _setattr(self, 'statements', statements)
        _setattr(self, 'tables', tables)
        _setattr(self, 'user_types', user_types)
        _setattr(self, 'skipped', skipped)
        _setattr(self, 'diagnostics', diagnostics)
        _setattr(self, 'replication_definitions', replication_definitions)
        _setattr(self, 'function_replication_definitions', function_replication_definitions)
        _setattr(self, 'subscriptions', subscriptions)
        _setattr(self, 'publications', publications)
        _setattr(self, 'table_changes', table_changes)
        _setattr(self, 'replication_definition_changes', replication_definition_changes)
        _setattr(self, 'publication_changes', publication_changes)
        _setattr(self, 'indexes', indexes)
        _setattr(self, 'name_changes', name_changes)
        _setattr(self, 'derived_queries', derived_queries)

    return __init__


def ir__FunctionReplicationDefinition(_setattr, _HAS_DEFAULT_FACTORY, _dflt_parameters, _dflt_searchable_parameters, _dflt_deliver_as, _dflt_primary_function, _dflt_replicate_function, _dflt_send_standby, _dflt_span):
    def __init__(
        self,
        name,
        kind,
        primary_dataserver,
        primary_database,
        parameters=_dflt_parameters,
        searchable_parameters=_dflt_searchable_parameters,
        deliver_as=_dflt_deliver_as,
        primary_function=_dflt_primary_function,
        replicate_function=_dflt_replicate_function,
        send_standby=_dflt_send_standby,
        span=_dflt_span,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'kind', kind)
        _setattr(self, 'primary_dataserver', primary_dataserver)
        _setattr(self, 'primary_database', primary_database)
        _setattr(self, 'parameters', parameters)
        _setattr(self, 'searchable_parameters', searchable_parameters)
        _setattr(self, 'deliver_as', deliver_as)
        _setattr(self, 'primary_function', primary_function)
        _setattr(self, 'replicate_function', replicate_function)
        _setattr(self, 'send_standby', send_standby)
        _setattr(self, 'span', span)

    return __init__


def ir__Identity(_setattr, _HAS_DEFAULT_FACTORY, _dflt_seed, _dflt_increment, _dflt_always, _dflt_not_for_replication):
    def __init__(
        self,
        seed=_dflt_seed,
        increment=_dflt_increment,
        always=_dflt_always,
        not_for_replication=_dflt_not_for_replication,
    ):
        _setattr(self, 'seed', seed)
        _setattr(self, 'increment', increment)
        _setattr(self, 'always', always)
        _setattr(self, 'not_for_replication', not_for_replication)

    return __init__


def ir__Index(_setattr, _HAS_DEFAULT_FACTORY, _dflt_columns, _dflt_name, _dflt_unique, _dflt_partitioning, _dflt_fill_factor, _dflt_span, _dflt_table, _dflt_rdareas, _dflt_pctfree, _dflt_options, _dflt_included):
    def __init__(
        self,
        kind,
        columns=_dflt_columns,
        name=_dflt_name,
        unique=_dflt_unique,
        partitioning=_dflt_partitioning,
        fill_factor=_dflt_fill_factor,
        span=_dflt_span,
        table=_dflt_table,
        rdareas=_dflt_rdareas,
        pctfree=_dflt_pctfree,
        options=_dflt_options,
        included=_dflt_included,
    ):
        _setattr(self, 'kind', kind)
        _setattr(self, 'columns', columns)
        _setattr(self, 'name', name)
        _setattr(self, 'unique', unique)
        _setattr(self, 'partitioning', partitioning)
        _setattr(self, 'fill_factor', fill_factor)
        _setattr(self, 'span', span)
        _setattr(self, 'table', table)
        _setattr(self, 'rdareas', rdareas)
        _setattr(self, 'pctfree', pctfree)
        _setattr(self, 'options', options)
        _setattr(self, 'included', included)

    return __init__


def ir__LobAttributeRdareas(_setattr, _HAS_DEFAULT_FACTORY, _dflt_rdareas):
    def __init__(
        self,
        attribute,
        rdareas=_dflt_rdareas,
    ):
        _setattr(self, 'attribute', attribute)
        _setattr(self, 'rdareas', rdareas)

    return __init__


def ir__NameChange(_setattr, _HAS_DEFAULT_FACTORY, _dflt_new_name):
    def __init__(
        self,
        kind,
        name,
        span,
        new_name=_dflt_new_name,
    ):
        _setattr(self, 'kind', kind)
        _setattr(self, 'name', name)
        _setattr(self, 'span', span)
        _setattr(self, 'new_name', new_name)

    return __init__


def ir__PartitionLevel(_setattr, _HAS_DEFAULT_FACTORY, _dflt_partitions):
    def __init__(
        self,
        kind,
        expression,
        partitions=_dflt_partitions,
    ):
        _setattr(self, 'kind', kind)
        _setattr(self, 'expression', expression)
        _setattr(self, 'partitions', partitions)

    return __init__


def ir__Publication(_setattr, _HAS_DEFAULT_FACTORY, _dflt_articles, _dflt_primary_dataserver, _dflt_primary_database, _dflt_options, _dflt_span):
    def __init__(
        self,
        name,
        kind,
        articles=_dflt_articles,
        primary_dataserver=_dflt_primary_dataserver,
        primary_database=_dflt_primary_database,
        options=_dflt_options,
        span=_dflt_span,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'kind', kind)
        _setattr(self, 'articles', articles)
        _setattr(self, 'primary_dataserver', primary_dataserver)
        _setattr(self, 'primary_database', primary_database)
        _setattr(self, 'options', options)
        _setattr(self, 'span', span)

    return __init__


def ir__PublicationChange(_setattr, _HAS_DEFAULT_FACTORY, _dflt_applied, _dflt_span):
    def __init__(
        self,
        procedure,
        publication,
        article,
        applied=_dflt_applied,
        span=_dflt_span,
    ):
        _setattr(self, 'procedure', procedure)
        _setattr(self, 'publication', publication)
        _setattr(self, 'article', article)
        _setattr(self, 'applied', applied)
        _setattr(self, 'span', span)

    return __init__


def ir__RdareaPartition(_setattr, _HAS_DEFAULT_FACTORY, _dflt_bound):
    def __init__(
        self,
        rdarea,
        bound=_dflt_bound,
    ):
        _setattr(self, 'rdarea', rdarea)
        _setattr(self, 'bound', bound)

    return __init__


def ir__ReplicatedColumn(_setattr, _HAS_DEFAULT_FACTORY, _dflt_type, _dflt_replicate_name, _dflt_nullable, _dflt_map_to, _dflt_computed, _dflt_quoted, _dflt_span):
    def __init__(
        self,
        name,
        type=_dflt_type,
        replicate_name=_dflt_replicate_name,
        nullable=_dflt_nullable,
        map_to=_dflt_map_to,
        computed=_dflt_computed,
        quoted=_dflt_quoted,
        span=_dflt_span,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'type', type)
        _setattr(self, 'replicate_name', replicate_name)
        _setattr(self, 'nullable', nullable)
        _setattr(self, 'map_to', map_to)
        _setattr(self, 'computed', computed)
        _setattr(self, 'quoted', quoted)
        _setattr(self, 'span', span)

    return __init__


def ir__ReplicationDefinition(_setattr, _HAS_DEFAULT_FACTORY, _dflt_columns, _dflt_primary_key, _dflt_searchable_columns, _dflt_send_standby, _dflt_minimal_columns, _dflt_replicate_if_changed, _dflt_always_replicate, _dflt_options, _dflt_table, _dflt_resolved, _dflt_table_path, _dflt_alterations, _dflt_span):
    def __init__(
        self,
        name,
        primary_dataserver,
        primary_database,
        primary_table,
        replicate_table,
        columns=_dflt_columns,
        primary_key=_dflt_primary_key,
        searchable_columns=_dflt_searchable_columns,
        send_standby=_dflt_send_standby,
        minimal_columns=_dflt_minimal_columns,
        replicate_if_changed=_dflt_replicate_if_changed,
        always_replicate=_dflt_always_replicate,
        options=_dflt_options,
        table=_dflt_table,
        resolved=_dflt_resolved,
        table_path=_dflt_table_path,
        alterations=_dflt_alterations,
        span=_dflt_span,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'primary_dataserver', primary_dataserver)
        _setattr(self, 'primary_database', primary_database)
        _setattr(self, 'primary_table', primary_table)
        _setattr(self, 'replicate_table', replicate_table)
        _setattr(self, 'columns', columns)
        _setattr(self, 'primary_key', primary_key)
        _setattr(self, 'searchable_columns', searchable_columns)
        _setattr(self, 'send_standby', send_standby)
        _setattr(self, 'minimal_columns', minimal_columns)
        _setattr(self, 'replicate_if_changed', replicate_if_changed)
        _setattr(self, 'always_replicate', always_replicate)
        _setattr(self, 'options', options)
        _setattr(self, 'table', table)
        _setattr(self, 'resolved', resolved)
        _setattr(self, 'table_path', table_path)
        _setattr(self, 'alterations', alterations)
        _setattr(self, 'span', span)

    return __init__


def ir__ReplicationDefinitionChange(_setattr, _HAS_DEFAULT_FACTORY, _dflt_columns, _dflt_names, _dflt_value, _dflt_applied, _dflt_span):
    def __init__(
        self,
        name,
        action,
        columns=_dflt_columns,
        names=_dflt_names,
        value=_dflt_value,
        applied=_dflt_applied,
        span=_dflt_span,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'action', action)
        _setattr(self, 'columns', columns)
        _setattr(self, 'names', names)
        _setattr(self, 'value', value)
        _setattr(self, 'applied', applied)
        _setattr(self, 'span', span)

    return __init__


def ir__ReplicationMarking(_setattr, _HAS_DEFAULT_FACTORY, _dflt_replicated, _dflt_never, _dflt_owner_on, _dflt_use_index, _dflt_marked_by, _dflt_columns):
    def __init__(
        self,
        replicated=_dflt_replicated,
        never=_dflt_never,
        owner_on=_dflt_owner_on,
        use_index=_dflt_use_index,
        marked_by=_dflt_marked_by,
        columns=_dflt_columns,
    ):
        _setattr(self, 'replicated', replicated)
        _setattr(self, 'never', never)
        _setattr(self, 'owner_on', owner_on)
        _setattr(self, 'use_index', use_index)
        _setattr(self, 'marked_by', marked_by)
        _setattr(self, 'columns', columns)

    return __init__


def ir__RowPartitioning(_setattr, _HAS_DEFAULT_FACTORY, _dflt_columns, _dflt_hash_function, _dflt_partitions, _dflt_boundaries, _dflt_dimensions):
    def __init__(
        self,
        kind,
        columns=_dflt_columns,
        hash_function=_dflt_hash_function,
        partitions=_dflt_partitions,
        boundaries=_dflt_boundaries,
        dimensions=_dflt_dimensions,
    ):
        _setattr(self, 'kind', kind)
        _setattr(self, 'columns', columns)
        _setattr(self, 'hash_function', hash_function)
        _setattr(self, 'partitions', partitions)
        _setattr(self, 'boundaries', boundaries)
        _setattr(self, 'dimensions', dimensions)

    return __init__


def ir__Skipped(_setattr, _HAS_DEFAULT_FACTORY, _dflt_reason):
    def __init__(
        self,
        kind,
        span,
        reason=_dflt_reason,
    ):
        _setattr(self, 'kind', kind)
        _setattr(self, 'span', span)
        _setattr(self, 'reason', reason)

    return __init__


def ir__Subscription(_setattr, _HAS_DEFAULT_FACTORY, _dflt_primary_dataserver, _dflt_primary_database, _dflt_replicate_dataserver, _dflt_replicate_database, _dflt_where, _dflt_user, _dflt_subscribe_by, _dflt_options, _dflt_resolved, _dflt_table, _dflt_span):
    def __init__(
        self,
        name,
        kind,
        target,
        target_kind,
        primary_dataserver=_dflt_primary_dataserver,
        primary_database=_dflt_primary_database,
        replicate_dataserver=_dflt_replicate_dataserver,
        replicate_database=_dflt_replicate_database,
        where=_dflt_where,
        user=_dflt_user,
        subscribe_by=_dflt_subscribe_by,
        options=_dflt_options,
        resolved=_dflt_resolved,
        table=_dflt_table,
        span=_dflt_span,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'kind', kind)
        _setattr(self, 'target', target)
        _setattr(self, 'target_kind', target_kind)
        _setattr(self, 'primary_dataserver', primary_dataserver)
        _setattr(self, 'primary_database', primary_database)
        _setattr(self, 'replicate_dataserver', replicate_dataserver)
        _setattr(self, 'replicate_database', replicate_database)
        _setattr(self, 'where', where)
        _setattr(self, 'user', user)
        _setattr(self, 'subscribe_by', subscribe_by)
        _setattr(self, 'options', options)
        _setattr(self, 'resolved', resolved)
        _setattr(self, 'table', table)
        _setattr(self, 'span', span)

    return __init__


def ir__Table(_setattr, _HAS_DEFAULT_FACTORY, _dflt_constraints, _dflt_indexes, _fact_options, _dflt_span, _dflt_replication):
    def __init__(
        self,
        name,
        dialect,
        columns,
        constraints=_dflt_constraints,
        indexes=_dflt_indexes,
        options=_HAS_DEFAULT_FACTORY,
        span=_dflt_span,
        replication=_dflt_replication,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'dialect', dialect)
        _setattr(self, 'columns', columns)
        _setattr(self, 'constraints', constraints)
        _setattr(self, 'indexes', indexes)
        _setattr(self, 'options', _fact_options() if options is _HAS_DEFAULT_FACTORY else options)
        _setattr(self, 'span', span)
        _setattr(self, 'replication', replication)

    return __init__


def ir__TableChange(_setattr, _HAS_DEFAULT_FACTORY, _dflt_constraint, _dflt_marking, _dflt_applied, _dflt_table_path, _dflt_span, _dflt_index):
    def __init__(
        self,
        procedure,
        table,
        constraint=_dflt_constraint,
        marking=_dflt_marking,
        applied=_dflt_applied,
        table_path=_dflt_table_path,
        span=_dflt_span,
        index=_dflt_index,
    ):
        _setattr(self, 'procedure', procedure)
        _setattr(self, 'table', table)
        _setattr(self, 'constraint', constraint)
        _setattr(self, 'marking', marking)
        _setattr(self, 'applied', applied)
        _setattr(self, 'table_path', table_path)
        _setattr(self, 'span', span)
        _setattr(self, 'index', index)

    return __init__


def ir__TableOptions(_setattr, _HAS_DEFAULT_FACTORY, _dflt_set_semantics, _dflt_fallback, _dflt_map, _dflt_datablocksize, _dflt_freespace, _dflt_journal, _dflt_checksum, _dflt_temporary, _dflt_on_commit, _dflt_filegroup, _dflt_textimage_filegroup, _dflt_filestream_filegroup, _dflt_data_compression, _dflt_memory_optimized, _dflt_lock_scheme, _dflt_max_rows_per_page, _dflt_exp_row_size, _dflt_reservepagegap, _dflt_identity_gap, _dflt_extra, _dflt_fix, _dflt_share, _dflt_rdareas, _dflt_partitioning, _dflt_pctfree_unused, _dflt_pctfree_free_pages, _dflt_suppress_decimal, _dflt_no_split, _dflt_without_rollback, _dflt_with_program, _dflt_system_versioning, _dflt_history_table, _dflt_period, _dflt_ledger, _dflt_graph, _dflt_distribution, _dflt_distribution_columns, _dflt_storage_index, _dflt_queue):
    def __init__(
        self,
        set_semantics=_dflt_set_semantics,
        fallback=_dflt_fallback,
        map=_dflt_map,
        datablocksize=_dflt_datablocksize,
        freespace=_dflt_freespace,
        journal=_dflt_journal,
        checksum=_dflt_checksum,
        temporary=_dflt_temporary,
        on_commit=_dflt_on_commit,
        filegroup=_dflt_filegroup,
        textimage_filegroup=_dflt_textimage_filegroup,
        filestream_filegroup=_dflt_filestream_filegroup,
        data_compression=_dflt_data_compression,
        memory_optimized=_dflt_memory_optimized,
        lock_scheme=_dflt_lock_scheme,
        max_rows_per_page=_dflt_max_rows_per_page,
        exp_row_size=_dflt_exp_row_size,
        reservepagegap=_dflt_reservepagegap,
        identity_gap=_dflt_identity_gap,
        extra=_dflt_extra,
        fix=_dflt_fix,
        share=_dflt_share,
        rdareas=_dflt_rdareas,
        partitioning=_dflt_partitioning,
        pctfree_unused=_dflt_pctfree_unused,
        pctfree_free_pages=_dflt_pctfree_free_pages,
        suppress_decimal=_dflt_suppress_decimal,
        no_split=_dflt_no_split,
        without_rollback=_dflt_without_rollback,
        with_program=_dflt_with_program,
        system_versioning=_dflt_system_versioning,
        history_table=_dflt_history_table,
        period=_dflt_period,
        ledger=_dflt_ledger,
        graph=_dflt_graph,
        distribution=_dflt_distribution,
        distribution_columns=_dflt_distribution_columns,
        storage_index=_dflt_storage_index,
        queue=_dflt_queue,
    ):
        _setattr(self, 'set_semantics', set_semantics)
        _setattr(self, 'fallback', fallback)
        _setattr(self, 'map', map)
        _setattr(self, 'datablocksize', datablocksize)
        _setattr(self, 'freespace', freespace)
        _setattr(self, 'journal', journal)
        _setattr(self, 'checksum', checksum)
        _setattr(self, 'temporary', temporary)
        _setattr(self, 'on_commit', on_commit)
        _setattr(self, 'filegroup', filegroup)
        _setattr(self, 'textimage_filegroup', textimage_filegroup)
        _setattr(self, 'filestream_filegroup', filestream_filegroup)
        _setattr(self, 'data_compression', data_compression)
        _setattr(self, 'memory_optimized', memory_optimized)
        _setattr(self, 'lock_scheme', lock_scheme)
        _setattr(self, 'max_rows_per_page', max_rows_per_page)
        _setattr(self, 'exp_row_size', exp_row_size)
        _setattr(self, 'reservepagegap', reservepagegap)
        _setattr(self, 'identity_gap', identity_gap)
        _setattr(self, 'extra', extra)
        _setattr(self, 'fix', fix)
        _setattr(self, 'share', share)
        _setattr(self, 'rdareas', rdareas)
        _setattr(self, 'partitioning', partitioning)
        _setattr(self, 'pctfree_unused', pctfree_unused)
        _setattr(self, 'pctfree_free_pages', pctfree_free_pages)
        _setattr(self, 'suppress_decimal', suppress_decimal)
        _setattr(self, 'no_split', no_split)
        _setattr(self, 'without_rollback', without_rollback)
        _setattr(self, 'with_program', with_program)
        _setattr(self, 'system_versioning', system_versioning)
        _setattr(self, 'history_table', history_table)
        _setattr(self, 'period', period)
        _setattr(self, 'ledger', ledger)
        _setattr(self, 'graph', graph)
        _setattr(self, 'distribution', distribution)
        _setattr(self, 'distribution_columns', distribution_columns)
        _setattr(self, 'storage_index', storage_index)
        _setattr(self, 'queue', queue)

    return __init__


def ir__UserType(_setattr, _HAS_DEFAULT_FACTORY, _dflt_nullable, _dflt_span, _dflt_attributes, _dflt_under):
    def __init__(
        self,
        name,
        dialect,
        base,
        nullable=_dflt_nullable,
        span=_dflt_span,
        attributes=_dflt_attributes,
        under=_dflt_under,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'dialect', dialect)
        _setattr(self, 'base', base)
        _setattr(self, 'nullable', nullable)
        _setattr(self, 'span', span)
        _setattr(self, 'attributes', attributes)
        _setattr(self, 'under', under)

    return __init__


def names__Changed(_setattr, _HAS_DEFAULT_FACTORY, _dflt_new_key):
    def __init__(
        self,
        start,
        key,
        new_key=_dflt_new_key,
    ):
        _setattr(self, 'start', start)
        _setattr(self, 'key', key)
        _setattr(self, 'new_key', new_key)

    return __init__


def names__Defined(_setattr, _HAS_DEFAULT_FACTORY, _dflt_dialect, _dflt_guarded):
    def __init__(
        self,
        key,
        start,
        signature,
        dialect=_dflt_dialect,
        guarded=_dflt_guarded,
    ):
        _setattr(self, 'key', key)
        _setattr(self, 'start', start)
        _setattr(self, 'signature', signature)
        _setattr(self, 'dialect', dialect)
        _setattr(self, 'guarded', guarded)

    return __init__


def names__Key(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        catalog,
        schema,
        name,
    ):
        _setattr(self, 'catalog', catalog)
        _setattr(self, 'schema', schema)
        _setattr(self, 'name', name)

    return __init__


def names__Place(_setattr, _HAS_DEFAULT_FACTORY, _dflt_start, _dflt_dialect, _dflt_database):
    def __init__(
        self,
        path,
        start=_dflt_start,
        dialect=_dflt_dialect,
        database=_dflt_database,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'start', start)
        _setattr(self, 'dialect', dialect)
        _setattr(self, 'database', database)

    return __init__


def names__Redefinition(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        key,
        path,
        start,
        first_path,
        first_start,
        same,
    ):
        _setattr(self, 'key', key)
        _setattr(self, 'path', path)
        _setattr(self, 'start', start)
        _setattr(self, 'first_path', first_path)
        _setattr(self, 'first_start', first_start)
        _setattr(self, 'same', same)

    return __init__


def parse__Parsed(_setattr, _HAS_DEFAULT_FACTORY, _dflt_diagnostics):
    def __init__(
        self,
        tree,
        diagnostics=_dflt_diagnostics,
    ):
        _setattr(self, 'tree', tree)
        _setattr(self, 'diagnostics', diagnostics)

    return __init__


def passes_data_length__StorageMemo(_setattr, _HAS_DEFAULT_FACTORY, _fact_sized):
    def __init__(
        self,
        sizing,
        sized=_HAS_DEFAULT_FACTORY,
    ):
        _setattr(self, 'sizing', sizing)
        _setattr(self, 'sized', _fact_sized() if sized is _HAS_DEFAULT_FACTORY else sized)

    return __init__


def passes_link_context__ContextIndex(_setattr, _HAS_DEFAULT_FACTORY, _dflt_renamed):
    def __init__(
        self,
        tables,
        changes,
        definitions,
        definition_changes,
        functions,
        publications,
        publication_changes,
        files,
        apart,
        renamed=_dflt_renamed,
    ):
        _setattr(self, 'tables', tables)
        _setattr(self, 'changes', changes)
        _setattr(self, 'definitions', definitions)
        _setattr(self, 'definition_changes', definition_changes)
        _setattr(self, 'functions', functions)
        _setattr(self, 'publications', publications)
        _setattr(self, 'publication_changes', publication_changes)
        _setattr(self, 'files', files)
        _setattr(self, 'apart', apart)
        _setattr(self, 'renamed', renamed)

    return __init__


def passes_link_context__FileNames(_setattr, _HAS_DEFAULT_FACTORY, _dflt_dialect, _dflt_uses, _dflt_changes):
    def __init__(
        self,
        path,
        dialect=_dflt_dialect,
        uses=_dflt_uses,
        changes=_dflt_changes,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'dialect', dialect)
        _setattr(self, 'uses', uses)
        _setattr(self, 'changes', changes)

    return __init__


def passes_link_context__ReplicationContext(_setattr, _HAS_DEFAULT_FACTORY, _dflt_tables, _dflt_table_changes, _dflt_definition_changes, _dflt_publication_changes, _dflt_definitions, _dflt_functions, _dflt_publications, _dflt_files, _dflt_articles, _dflt__index):
    def __init__(
        self,
        tables=_dflt_tables,
        table_changes=_dflt_table_changes,
        definition_changes=_dflt_definition_changes,
        publication_changes=_dflt_publication_changes,
        definitions=_dflt_definitions,
        functions=_dflt_functions,
        publications=_dflt_publications,
        files=_dflt_files,
        articles=_dflt_articles,
    ):
        _setattr(self, 'tables', tables)
        _setattr(self, 'table_changes', table_changes)
        _setattr(self, 'definition_changes', definition_changes)
        _setattr(self, 'publication_changes', publication_changes)
        _setattr(self, 'definitions', definitions)
        _setattr(self, 'functions', functions)
        _setattr(self, 'publications', publications)
        _setattr(self, 'files', files)
        _setattr(self, 'articles', articles)
        _setattr(self, '_index', _dflt__index)

    return __init__


def passes_link_context__ScopeLinks(_setattr, _HAS_DEFAULT_FACTORY, _fact_user_types, _fact_replication, _dflt_referenced):
    def __init__(
        self,
        user_types=_HAS_DEFAULT_FACTORY,
        replication=_HAS_DEFAULT_FACTORY,
        referenced=_dflt_referenced,
    ):
        _setattr(self, 'user_types', _fact_user_types() if user_types is _HAS_DEFAULT_FACTORY else user_types)
        _setattr(self, 'replication', _fact_replication() if replication is _HAS_DEFAULT_FACTORY else replication)
        _setattr(self, 'referenced', referenced)

    return __init__


def passes_link_context__TableShape(_setattr, _HAS_DEFAULT_FACTORY, _dflt_primary_key, _dflt_start, _dflt_key, _dflt_attributes, _dflt_primary_index, _dflt_options):
    def __init__(
        self,
        name,
        path,
        columns,
        primary_key=_dflt_primary_key,
        start=_dflt_start,
        key=_dflt_key,
        attributes=_dflt_attributes,
        primary_index=_dflt_primary_index,
        options=_dflt_options,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'path', path)
        _setattr(self, 'columns', columns)
        _setattr(self, 'primary_key', primary_key)
        _setattr(self, 'start', start)
        _setattr(self, 'key', key)
        _setattr(self, 'attributes', attributes)
        _setattr(self, 'primary_index', primary_index)
        _setattr(self, 'options', options)

    return __init__


def platforms__Basis(_setattr, _HAS_DEFAULT_FACTORY, _dflt_average, _dflt_fill):
    def __init__(
        self,
        average=_dflt_average,
        fill=_dflt_fill,
    ):
        _setattr(self, 'average', average)
        _setattr(self, 'fill', fill)

    return __init__


def platforms__Unsupported(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        message,
    ):
        _setattr(self, 'message', message)

    return __init__


def platforms_hirdb__Length(_setattr, _HAS_DEFAULT_FACTORY, _dflt_branch, _dflt_split_length, _dflt_note):
    def __init__(
        self,
        di,
        category,
        branch=_dflt_branch,
        split_length=_dflt_split_length,
        note=_dflt_note,
    ):
        _setattr(self, 'di', di)
        _setattr(self, 'category', category)
        _setattr(self, 'branch', branch)
        _setattr(self, 'split_length', split_length)
        _setattr(self, 'note', note)

    return __init__


def platforms_hirdb___Ctx(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        table,
        sizing,
        column,
    ):
        _setattr(self, 'table', table)
        _setattr(self, 'sizing', sizing)
        _setattr(self, 'column', column)

    return __init__


def platforms_teradata___Size(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        packed,
        align,
        aligned,
    ):
        _setattr(self, 'packed', packed)
        _setattr(self, 'align', align)
        _setattr(self, 'aligned', aligned)

    return __init__


def platforms_teradata___Type(_setattr, _HAS_DEFAULT_FACTORY, _dflt_length, _dflt_precision, _dflt_with_time_zone, _dflt_charset, _dflt_inner, _dflt_text):
    def __init__(
        self,
        name,
        length=_dflt_length,
        precision=_dflt_precision,
        with_time_zone=_dflt_with_time_zone,
        charset=_dflt_charset,
        inner=_dflt_inner,
        text=_dflt_text,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'length', length)
        _setattr(self, 'precision', precision)
        _setattr(self, 'with_time_zone', with_time_zone)
        _setattr(self, 'charset', charset)
        _setattr(self, 'inner', inner)
        _setattr(self, 'text', text)

    return __init__


def pool__AuditJob(_setattr, _HAS_DEFAULT_FACTORY, _dflt_identifiers, _dflt_ddl):
    def __init__(
        self,
        target,
        settings,
        identifiers=_dflt_identifiers,
        ddl=_dflt_ddl,
    ):
        _setattr(self, 'target', target)
        _setattr(self, 'settings', settings)
        _setattr(self, 'identifiers', identifiers)
        _setattr(self, 'ddl', ddl)

    return __init__


def pool__Audited(_setattr, _HAS_DEFAULT_FACTORY, _dflt_ddl):
    def __init__(
        self,
        result,
        audit,
        ddl=_dflt_ddl,
    ):
        _setattr(self, 'result', result)
        _setattr(self, 'audit', audit)
        _setattr(self, 'ddl', ddl)

    return __init__


def pool__FileFindings(_setattr, _HAS_DEFAULT_FACTORY, _dflt_suppressed, _dflt_baselined, _dflt_listed):
    def __init__(
        self,
        path,
        findings,
        suppressed=_dflt_suppressed,
        baselined=_dflt_baselined,
        listed=_dflt_listed,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'findings', findings)
        _setattr(self, 'suppressed', suppressed)
        _setattr(self, 'baselined', baselined)
        _setattr(self, 'listed', listed)

    return __init__


def pool__Job(_setattr, _HAS_DEFAULT_FACTORY, _dflt_rules, _dflt_stdin, _dflt_render, _dflt_audit, _dflt_replicating, _dflt_workload):
    def __init__(
        self,
        command,
        options,
        sizing,
        rules=_dflt_rules,
        stdin=_dflt_stdin,
        render=_dflt_render,
        audit=_dflt_audit,
        replicating=_dflt_replicating,
        workload=_dflt_workload,
    ):
        _setattr(self, 'command', command)
        _setattr(self, 'options', options)
        _setattr(self, 'sizing', sizing)
        _setattr(self, 'rules', rules)
        _setattr(self, 'stdin', stdin)
        _setattr(self, 'render', render)
        _setattr(self, 'audit', audit)
        _setattr(self, 'replicating', replicating)
        _setattr(self, 'workload', workload)

    return __init__


def pool__Shipped(_setattr, _HAS_DEFAULT_FACTORY, _dflt_directives, _dflt_scope):
    def __init__(
        self,
        path,
        packed,
        findings,
        directives=_dflt_directives,
        scope=_dflt_scope,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'packed', packed)
        _setattr(self, 'findings', findings)
        _setattr(self, 'directives', directives)
        _setattr(self, 'scope', scope)

    return __init__


def pool__Sized(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        result,
        estimates,
    ):
        _setattr(self, 'result', result)
        _setattr(self, 'estimates', estimates)

    return __init__


def reporters_replication__Report(_setattr, _HAS_DEFAULT_FACTORY, _fact_messages, _dflt_capacity, _dflt_articles, _dflt_comparisons, _dflt_sql_remote, _dflt_findings):
    def __init__(
        self,
        messages=_HAS_DEFAULT_FACTORY,
        capacity=_dflt_capacity,
        articles=_dflt_articles,
        comparisons=_dflt_comparisons,
        sql_remote=_dflt_sql_remote,
        findings=_dflt_findings,
    ):
        _setattr(self, 'messages', _fact_messages() if messages is _HAS_DEFAULT_FACTORY else messages)
        _setattr(self, 'capacity', capacity)
        _setattr(self, 'articles', articles)
        _setattr(self, 'comparisons', comparisons)
        _setattr(self, 'sql_remote', sql_remote)
        _setattr(self, 'findings', findings)

    return __init__


def rows__Field(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        name,
        type,
        nullable,
        doc,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'type', type)
        _setattr(self, 'nullable', nullable)
        _setattr(self, 'doc', doc)

    return __init__


def rules_baseline__Baseline(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        counts,
    ):
        _setattr(self, 'counts', counts)

    return __init__


def rules_engine__FileContext(_setattr, _HAS_DEFAULT_FACTORY, _dflt_estimates, _fact_sizing):
    def __init__(
        self,
        result,
        estimates=_dflt_estimates,
        sizing=_HAS_DEFAULT_FACTORY,
    ):
        _setattr(self, 'result', result)
        _setattr(self, 'estimates', estimates)
        _setattr(self, 'sizing', _fact_sizing() if sizing is _HAS_DEFAULT_FACTORY else sizing)
        self.__post_init__()

    return __init__


def rules_engine__Rules(_setattr, _HAS_DEFAULT_FACTORY, _dflt_rules, _dflt_source, _dflt_file, _dflt_scope):
    def __init__(
        self,
        rules=_dflt_rules,
        source=_dflt_source,
        file=_dflt_file,
        scope=_dflt_scope,
    ):
        _setattr(self, 'rules', rules)
        _setattr(self, 'source', source)
        _setattr(self, 'file', file)
        _setattr(self, 'scope', scope)

    return __init__


def rules_engine__ScopeContext(_setattr, _HAS_DEFAULT_FACTORY, _fact_sizing, _fact_tables, _fact_named, _fact_files, _dflt_redefinitions, _dflt_apart, _fact_shared):
    def __init__(
        self,
        name,
        results,
        sizing=_HAS_DEFAULT_FACTORY,
        tables=_HAS_DEFAULT_FACTORY,
        named=_HAS_DEFAULT_FACTORY,
        files=_HAS_DEFAULT_FACTORY,
        redefinitions=_dflt_redefinitions,
        apart=_dflt_apart,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'results', results)
        _setattr(self, 'sizing', _fact_sizing() if sizing is _HAS_DEFAULT_FACTORY else sizing)
        _setattr(self, 'tables', _fact_tables() if tables is _HAS_DEFAULT_FACTORY else tables)
        _setattr(self, 'named', _fact_named() if named is _HAS_DEFAULT_FACTORY else named)
        _setattr(self, 'files', _fact_files() if files is _HAS_DEFAULT_FACTORY else files)
        _setattr(self, 'redefinitions', redefinitions)
        _setattr(self, 'apart', apart)
        _setattr(self, 'shared', _fact_shared())

    return __init__


def rules_engine__SourceContext(_setattr, _HAS_DEFAULT_FACTORY, _fact_sizing, _fact_shared):
    def __init__(
        self,
        result,
        text,
        sizing=_HAS_DEFAULT_FACTORY,
    ):
        _setattr(self, 'result', result)
        _setattr(self, 'text', text)
        _setattr(self, 'sizing', _fact_sizing() if sizing is _HAS_DEFAULT_FACTORY else sizing)
        _setattr(self, 'shared', _fact_shared())

    return __init__


def rules_keys___Reference(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        result,
        table,
        key,
        target,
    ):
        _setattr(self, 'result', result)
        _setattr(self, 'table', table)
        _setattr(self, 'key', key)
        _setattr(self, 'target', target)

    return __init__


def rules_registry__Family(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        prefix,
        name,
        description,
    ):
        _setattr(self, 'prefix', prefix)
        _setattr(self, 'name', name)
        _setattr(self, 'description', description)

    return __init__


def rules_registry__Report(_setattr, _HAS_DEFAULT_FACTORY, _dflt_root, _dflt_suppressed, _dflt_baselined, _dflt_fail_on, _dflt_tool_version):
    def __init__(
        self,
        findings,
        rules,
        files,
        root=_dflt_root,
        suppressed=_dflt_suppressed,
        baselined=_dflt_baselined,
        fail_on=_dflt_fail_on,
        tool_version=_dflt_tool_version,
    ):
        _setattr(self, 'findings', findings)
        _setattr(self, 'rules', rules)
        _setattr(self, 'files', files)
        _setattr(self, 'root', root)
        _setattr(self, 'suppressed', suppressed)
        _setattr(self, 'baselined', baselined)
        _setattr(self, 'fail_on', fail_on)
        _setattr(self, 'tool_version', tool_version)

    return __init__


def rules_registry__Rule(_setattr, _HAS_DEFAULT_FACTORY, _dflt_references, _dflt_platforms, _dflt_enabled_by_default, _dflt_check, _dflt_level, _dflt_reported_by, _dflt_dialect):
    def __init__(
        self,
        code,
        name,
        family,
        severity,
        summary,
        what,
        why,
        example,
        fix,
        references=_dflt_references,
        platforms=_dflt_platforms,
        enabled_by_default=_dflt_enabled_by_default,
        check=_dflt_check,
        level=_dflt_level,
        reported_by=_dflt_reported_by,
        dialect=_dflt_dialect,
    ):
        _setattr(self, 'code', code)
        _setattr(self, 'name', name)
        _setattr(self, 'family', family)
        _setattr(self, 'severity', severity)
        _setattr(self, 'summary', summary)
        _setattr(self, 'what', what)
        _setattr(self, 'why', why)
        _setattr(self, 'example', example)
        _setattr(self, 'fix', fix)
        _setattr(self, 'references', references)
        _setattr(self, 'platforms', platforms)
        _setattr(self, 'enabled_by_default', enabled_by_default)
        _setattr(self, 'check', check)
        _setattr(self, 'level', level)
        _setattr(self, 'reported_by', reported_by)
        _setattr(self, 'dialect', dialect)

    return __init__


def rules_selection__Selection(_setattr, _HAS_DEFAULT_FACTORY, _dflt_severity, _dflt_per_file_ignores, _dflt_fail_on, _fact_rules):
    def __init__(
        self,
        enabled,
        severity=_dflt_severity,
        per_file_ignores=_dflt_per_file_ignores,
        fail_on=_dflt_fail_on,
        rules=_HAS_DEFAULT_FACTORY,
    ):
        _setattr(self, 'enabled', enabled)
        _setattr(self, 'severity', severity)
        _setattr(self, 'per_file_ignores', per_file_ignores)
        _setattr(self, 'fail_on', fail_on)
        _setattr(self, 'rules', _fact_rules() if rules is _HAS_DEFAULT_FACTORY else rules)

    return __init__


def rules_sizing__MinimumRow(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        fixed,
        overhead,
    ):
        _setattr(self, 'fixed', fixed)
        _setattr(self, 'overhead', overhead)

    return __init__


def rules_suppressions__Directive(_setattr, _HAS_DEFAULT_FACTORY, _dflt_first_line, _dflt_last_line):
    def __init__(
        self,
        kind,
        codes,
        span,
        first_line=_dflt_first_line,
        last_line=_dflt_last_line,
    ):
        _setattr(self, 'kind', kind)
        _setattr(self, 'codes', codes)
        _setattr(self, 'span', span)
        _setattr(self, 'first_line', first_line)
        _setattr(self, 'last_line', last_line)

    return __init__


def rules_suppressions__Outcome(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        kept,
        suppressed,
        problems,
    ):
        _setattr(self, 'kept', kept)
        _setattr(self, 'suppressed', suppressed)
        _setattr(self, 'problems', problems)

    return __init__


def rules_words__IdentifierLimit(_setattr, _HAS_DEFAULT_FACTORY, _dflt_since, _dflt_until, _dflt_normal_form, _dflt_note):
    def __init__(
        self,
        platform,
        max_length,
        unit,
        citation,
        since=_dflt_since,
        until=_dflt_until,
        normal_form=_dflt_normal_form,
        note=_dflt_note,
    ):
        _setattr(self, 'platform', platform)
        _setattr(self, 'max_length', max_length)
        _setattr(self, 'unit', unit)
        _setattr(self, 'citation', citation)
        _setattr(self, 'since', since)
        _setattr(self, 'until', until)
        _setattr(self, 'normal_form', normal_form)
        _setattr(self, 'note', note)

    return __init__


def settings__AseSettings(_setattr, _HAS_DEFAULT_FACTORY, _dflt_page_size, _dflt_ncharsize, _dflt_unicharsize, _dflt_lock_scheme, _dflt_apl_page_header, _dflt_dol_page_header, _dflt_apl_max_rows_per_page, _dflt_text_pointer_bytes, _dflt_dol_min_row_bytes, _dflt_limits_release):
    def __init__(
        self,
        page_size=_dflt_page_size,
        ncharsize=_dflt_ncharsize,
        unicharsize=_dflt_unicharsize,
        lock_scheme=_dflt_lock_scheme,
        apl_page_header=_dflt_apl_page_header,
        dol_page_header=_dflt_dol_page_header,
        apl_max_rows_per_page=_dflt_apl_max_rows_per_page,
        text_pointer_bytes=_dflt_text_pointer_bytes,
        dol_min_row_bytes=_dflt_dol_min_row_bytes,
        limits_release=_dflt_limits_release,
    ):
        _setattr(self, 'page_size', page_size)
        _setattr(self, 'ncharsize', ncharsize)
        _setattr(self, 'unicharsize', unicharsize)
        _setattr(self, 'lock_scheme', lock_scheme)
        _setattr(self, 'apl_page_header', apl_page_header)
        _setattr(self, 'dol_page_header', dol_page_header)
        _setattr(self, 'apl_max_rows_per_page', apl_max_rows_per_page)
        _setattr(self, 'text_pointer_bytes', text_pointer_bytes)
        _setattr(self, 'dol_min_row_bytes', dol_min_row_bytes)
        _setattr(self, 'limits_release', limits_release)

    return __init__


def settings__HirdbSettings(_setattr, _HAS_DEFAULT_FACTORY, _dflt_page_length, _dflt_segment_size, _dflt_pctfree_unused, _dflt_pctfree_free_pages, _dflt_rdareas, _dflt_page_overhead, _dflt_slot_bytes, _dflt_row_header_bytes, _dflt_column_overhead, _dflt_fix_column_overhead, _dflt_max_rows_per_page, _dflt_unused_applies_to, _dflt_free_pages_rounding, _dflt_segment_round, _dflt_branch_limit_overhead, _dflt_branch_page_overhead, _dflt_spn1_page_overhead, _dflt_spn3_piece_overhead, _dflt_safety_factor, _dflt_suppress_min_blanks, _dflt_suppress_min_blanks_national, _dflt_suppress_limit):
    def __init__(
        self,
        page_length=_dflt_page_length,
        segment_size=_dflt_segment_size,
        pctfree_unused=_dflt_pctfree_unused,
        pctfree_free_pages=_dflt_pctfree_free_pages,
        rdareas=_dflt_rdareas,
        page_overhead=_dflt_page_overhead,
        slot_bytes=_dflt_slot_bytes,
        row_header_bytes=_dflt_row_header_bytes,
        column_overhead=_dflt_column_overhead,
        fix_column_overhead=_dflt_fix_column_overhead,
        max_rows_per_page=_dflt_max_rows_per_page,
        unused_applies_to=_dflt_unused_applies_to,
        free_pages_rounding=_dflt_free_pages_rounding,
        segment_round=_dflt_segment_round,
        branch_limit_overhead=_dflt_branch_limit_overhead,
        branch_page_overhead=_dflt_branch_page_overhead,
        spn1_page_overhead=_dflt_spn1_page_overhead,
        spn3_piece_overhead=_dflt_spn3_piece_overhead,
        safety_factor=_dflt_safety_factor,
        suppress_min_blanks=_dflt_suppress_min_blanks,
        suppress_min_blanks_national=_dflt_suppress_min_blanks_national,
        suppress_limit=_dflt_suppress_limit,
    ):
        _setattr(self, 'page_length', page_length)
        _setattr(self, 'segment_size', segment_size)
        _setattr(self, 'pctfree_unused', pctfree_unused)
        _setattr(self, 'pctfree_free_pages', pctfree_free_pages)
        _setattr(self, 'rdareas', rdareas)
        _setattr(self, 'page_overhead', page_overhead)
        _setattr(self, 'slot_bytes', slot_bytes)
        _setattr(self, 'row_header_bytes', row_header_bytes)
        _setattr(self, 'column_overhead', column_overhead)
        _setattr(self, 'fix_column_overhead', fix_column_overhead)
        _setattr(self, 'max_rows_per_page', max_rows_per_page)
        _setattr(self, 'unused_applies_to', unused_applies_to)
        _setattr(self, 'free_pages_rounding', free_pages_rounding)
        _setattr(self, 'segment_round', segment_round)
        _setattr(self, 'branch_limit_overhead', branch_limit_overhead)
        _setattr(self, 'branch_page_overhead', branch_page_overhead)
        _setattr(self, 'spn1_page_overhead', spn1_page_overhead)
        _setattr(self, 'spn3_piece_overhead', spn3_piece_overhead)
        _setattr(self, 'safety_factor', safety_factor)
        _setattr(self, 'suppress_min_blanks', suppress_min_blanks)
        _setattr(self, 'suppress_min_blanks_national', suppress_min_blanks_national)
        _setattr(self, 'suppress_limit', suppress_limit)

    return __init__


def settings__MssqlSettings(_setattr, _HAS_DEFAULT_FACTORY, _dflt_page_bytes, _dflt_page_free_bytes, _dflt_max_row_bytes, _dflt_max_row_bytes_sparse, _dflt_fill_factor, _dflt_text_pointer_bytes, _dflt_large_value_types_out_of_row, _dflt_max_in_row_bytes, _dflt_lob_root_bytes, _dflt_row_overflow_pointer_bytes, _dflt_sparse_value_overhead, _dflt_sparse_vector_header, _dflt_index_rows):
    def __init__(
        self,
        page_bytes=_dflt_page_bytes,
        page_free_bytes=_dflt_page_free_bytes,
        max_row_bytes=_dflt_max_row_bytes,
        max_row_bytes_sparse=_dflt_max_row_bytes_sparse,
        fill_factor=_dflt_fill_factor,
        text_pointer_bytes=_dflt_text_pointer_bytes,
        large_value_types_out_of_row=_dflt_large_value_types_out_of_row,
        max_in_row_bytes=_dflt_max_in_row_bytes,
        lob_root_bytes=_dflt_lob_root_bytes,
        row_overflow_pointer_bytes=_dflt_row_overflow_pointer_bytes,
        sparse_value_overhead=_dflt_sparse_value_overhead,
        sparse_vector_header=_dflt_sparse_vector_header,
        index_rows=_dflt_index_rows,
    ):
        _setattr(self, 'page_bytes', page_bytes)
        _setattr(self, 'page_free_bytes', page_free_bytes)
        _setattr(self, 'max_row_bytes', max_row_bytes)
        _setattr(self, 'max_row_bytes_sparse', max_row_bytes_sparse)
        _setattr(self, 'fill_factor', fill_factor)
        _setattr(self, 'text_pointer_bytes', text_pointer_bytes)
        _setattr(self, 'large_value_types_out_of_row', large_value_types_out_of_row)
        _setattr(self, 'max_in_row_bytes', max_in_row_bytes)
        _setattr(self, 'lob_root_bytes', lob_root_bytes)
        _setattr(self, 'row_overflow_pointer_bytes', row_overflow_pointer_bytes)
        _setattr(self, 'sparse_value_overhead', sparse_value_overhead)
        _setattr(self, 'sparse_vector_header', sparse_vector_header)
        _setattr(self, 'index_rows', index_rows)

    return __init__


def settings__ReplicationSettings(_setattr, _HAS_DEFAULT_FACTORY, _dflt_inbound_msg_overhead, _dflt_outbound_msg_overhead, _dflt_col_overhead, _dflt_site_id_bytes, _dflt_begin_bytes, _dflt_commit_bytes, _dflt_num_sites, _dflt_changed_fraction, _dflt_ascii_widths, _dflt_national_char_bytes, _dflt_lob_width, _dflt_queue_block_bytes, _dflt_queue_block_fill, _dflt_sql_remote_max_message, _dflt_mssql_command_header, _dflt_mssql_param_overhead, _dflt_mssql_row_overhead, _dflt_mssql_command_chunk, _dflt_mssql_max_value_bytes, _dflt_mssql_index_rows_per_page, _dflt_wide_columns, _dflt_narrow_update_fraction):
    def __init__(
        self,
        inbound_msg_overhead=_dflt_inbound_msg_overhead,
        outbound_msg_overhead=_dflt_outbound_msg_overhead,
        col_overhead=_dflt_col_overhead,
        site_id_bytes=_dflt_site_id_bytes,
        begin_bytes=_dflt_begin_bytes,
        commit_bytes=_dflt_commit_bytes,
        num_sites=_dflt_num_sites,
        changed_fraction=_dflt_changed_fraction,
        ascii_widths=_dflt_ascii_widths,
        national_char_bytes=_dflt_national_char_bytes,
        lob_width=_dflt_lob_width,
        queue_block_bytes=_dflt_queue_block_bytes,
        queue_block_fill=_dflt_queue_block_fill,
        sql_remote_max_message=_dflt_sql_remote_max_message,
        mssql_command_header=_dflt_mssql_command_header,
        mssql_param_overhead=_dflt_mssql_param_overhead,
        mssql_row_overhead=_dflt_mssql_row_overhead,
        mssql_command_chunk=_dflt_mssql_command_chunk,
        mssql_max_value_bytes=_dflt_mssql_max_value_bytes,
        mssql_index_rows_per_page=_dflt_mssql_index_rows_per_page,
        wide_columns=_dflt_wide_columns,
        narrow_update_fraction=_dflt_narrow_update_fraction,
    ):
        _setattr(self, 'inbound_msg_overhead', inbound_msg_overhead)
        _setattr(self, 'outbound_msg_overhead', outbound_msg_overhead)
        _setattr(self, 'col_overhead', col_overhead)
        _setattr(self, 'site_id_bytes', site_id_bytes)
        _setattr(self, 'begin_bytes', begin_bytes)
        _setattr(self, 'commit_bytes', commit_bytes)
        _setattr(self, 'num_sites', num_sites)
        _setattr(self, 'changed_fraction', changed_fraction)
        _setattr(self, 'ascii_widths', ascii_widths)
        _setattr(self, 'national_char_bytes', national_char_bytes)
        _setattr(self, 'lob_width', lob_width)
        _setattr(self, 'queue_block_bytes', queue_block_bytes)
        _setattr(self, 'queue_block_fill', queue_block_fill)
        _setattr(self, 'sql_remote_max_message', sql_remote_max_message)
        _setattr(self, 'mssql_command_header', mssql_command_header)
        _setattr(self, 'mssql_param_overhead', mssql_param_overhead)
        _setattr(self, 'mssql_row_overhead', mssql_row_overhead)
        _setattr(self, 'mssql_command_chunk', mssql_command_chunk)
        _setattr(self, 'mssql_max_value_bytes', mssql_max_value_bytes)
        _setattr(self, 'mssql_index_rows_per_page', mssql_index_rows_per_page)
        _setattr(self, 'wide_columns', wide_columns)
        _setattr(self, 'narrow_update_fraction', narrow_update_fraction)

    return __init__


def settings__SizingSettings(_setattr, _HAS_DEFAULT_FACTORY, _dflt_platform, _dflt_fill, _dflt_averages, _dflt_rows, _dflt_teradata, _dflt_hirdb, _dflt_mssql, _dflt_ase, _dflt_replication):
    def __init__(
        self,
        platform=_dflt_platform,
        fill=_dflt_fill,
        averages=_dflt_averages,
        rows=_dflt_rows,
        teradata=_dflt_teradata,
        hirdb=_dflt_hirdb,
        mssql=_dflt_mssql,
        ase=_dflt_ase,
        replication=_dflt_replication,
    ):
        _setattr(self, 'platform', platform)
        _setattr(self, 'fill', fill)
        _setattr(self, 'averages', averages)
        _setattr(self, 'rows', rows)
        _setattr(self, 'teradata', teradata)
        _setattr(self, 'hirdb', hirdb)
        _setattr(self, 'mssql', mssql)
        _setattr(self, 'ase', ase)
        _setattr(self, 'replication', replication)

    return __init__


def settings__TeradataSettings(_setattr, _HAS_DEFAULT_FACTORY, _dflt_row_format, _dflt_release, _dflt_default_character_set, _dflt_lob_oid_bytes, _dflt_overhead_nppi, _dflt_overhead_ppi, _dflt_overhead_ppi_8byte, _dflt_variable_portion_bytes, _dflt_presence_rule, _dflt_number_bytes, _dflt_max_row_bytes_large, _dflt_max_row_bytes_small, _dflt_max_decimal, _dflt_transaction_mode, _dflt_amps, _dflt_max_block_bytes, _dflt_block_fill, _dflt_block_overhead, _dflt_row_pointer_bytes, _dflt_table_header_bytes, _dflt_nusi_distinct, _dflt_nusi_row_overhead):
    def __init__(
        self,
        row_format=_dflt_row_format,
        release=_dflt_release,
        default_character_set=_dflt_default_character_set,
        lob_oid_bytes=_dflt_lob_oid_bytes,
        overhead_nppi=_dflt_overhead_nppi,
        overhead_ppi=_dflt_overhead_ppi,
        overhead_ppi_8byte=_dflt_overhead_ppi_8byte,
        variable_portion_bytes=_dflt_variable_portion_bytes,
        presence_rule=_dflt_presence_rule,
        number_bytes=_dflt_number_bytes,
        max_row_bytes_large=_dflt_max_row_bytes_large,
        max_row_bytes_small=_dflt_max_row_bytes_small,
        max_decimal=_dflt_max_decimal,
        transaction_mode=_dflt_transaction_mode,
        amps=_dflt_amps,
        max_block_bytes=_dflt_max_block_bytes,
        block_fill=_dflt_block_fill,
        block_overhead=_dflt_block_overhead,
        row_pointer_bytes=_dflt_row_pointer_bytes,
        table_header_bytes=_dflt_table_header_bytes,
        nusi_distinct=_dflt_nusi_distinct,
        nusi_row_overhead=_dflt_nusi_row_overhead,
    ):
        _setattr(self, 'row_format', row_format)
        _setattr(self, 'release', release)
        _setattr(self, 'default_character_set', default_character_set)
        _setattr(self, 'lob_oid_bytes', lob_oid_bytes)
        _setattr(self, 'overhead_nppi', overhead_nppi)
        _setattr(self, 'overhead_ppi', overhead_ppi)
        _setattr(self, 'overhead_ppi_8byte', overhead_ppi_8byte)
        _setattr(self, 'variable_portion_bytes', variable_portion_bytes)
        _setattr(self, 'presence_rule', presence_rule)
        _setattr(self, 'number_bytes', number_bytes)
        _setattr(self, 'max_row_bytes_large', max_row_bytes_large)
        _setattr(self, 'max_row_bytes_small', max_row_bytes_small)
        _setattr(self, 'max_decimal', max_decimal)
        _setattr(self, 'transaction_mode', transaction_mode)
        _setattr(self, 'amps', amps)
        _setattr(self, 'max_block_bytes', max_block_bytes)
        _setattr(self, 'block_fill', block_fill)
        _setattr(self, 'block_overhead', block_overhead)
        _setattr(self, 'row_pointer_bytes', row_pointer_bytes)
        _setattr(self, 'table_header_bytes', table_header_bytes)
        _setattr(self, 'nusi_distinct', nusi_distinct)
        _setattr(self, 'nusi_row_overhead', nusi_row_overhead)

    return __init__


def source__SourceText(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        path,
        text,
        encoding,
        evidence,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'text', text)
        _setattr(self, 'encoding', encoding)
        _setattr(self, 'evidence', evidence)

    return __init__


def spark_incremental__ManifestRow(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        hashes,
        reuse,
        key,
    ):
        _setattr(self, 'hashes', hashes)
        _setattr(self, 'reuse', reuse)
        _setattr(self, 'key', key)

    return __init__


def spark_incremental__Plan(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        key,
        hashes,
        reuse,
        previous,
    ):
        _setattr(self, 'key', key)
        _setattr(self, 'hashes', hashes)
        _setattr(self, 'reuse', reuse)
        _setattr(self, 'previous', previous)

    return __init__


def spark_incremental__Reused(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        reuse,
        places,
    ):
        _setattr(self, 'reuse', reuse)
        _setattr(self, 'places', places)

    return __init__


def spark_listing__Listing(_setattr, _HAS_DEFAULT_FACTORY, _dflt_scopes, _dflt_sizes):
    def __init__(
        self,
        local,
        settle,
        remote,
        problems,
        scopes=_dflt_scopes,
        sizes=_dflt_sizes,
    ):
        _setattr(self, 'local', local)
        _setattr(self, 'settle', settle)
        _setattr(self, 'remote', remote)
        _setattr(self, 'problems', problems)
        _setattr(self, 'scopes', scopes)
        _setattr(self, 'sizes', sizes)

    return __init__


def spark_listing__LocalNames(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        names,
    ):
        _setattr(self, 'names', names)

    return __init__


def spark_listing__Places(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        places,
    ):
        _setattr(self, 'places', places)

    return __init__


def spark_listing__RemotePlace(_setattr, _HAS_DEFAULT_FACTORY, _dflt_config):
    def __init__(
        self,
        root,
        order,
        config=_dflt_config,
    ):
        _setattr(self, 'root', root)
        _setattr(self, 'order', order)
        _setattr(self, 'config', config)

    return __init__


def spark_listing__RemoteSelection(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        root,
        include,
        exclude,
    ):
        _setattr(self, 'root', root)
        _setattr(self, 'include', include)
        _setattr(self, 'exclude', exclude)

    return __init__


def spark_parts__WritingPass(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        task,
        datasets,
        out,
        run,
    ):
        _setattr(self, 'task', task)
        _setattr(self, 'datasets', datasets)
        _setattr(self, 'out', out)
        _setattr(self, 'run', run)

    return __init__


def spark_planning__Budget(_setattr, _HAS_DEFAULT_FACTORY, _dflt_bytes, _dflt_files, _dflt_fair_share, _dflt_pack_bytes):
    def __init__(
        self,
        bytes=_dflt_bytes,
        files=_dflt_files,
        fair_share=_dflt_fair_share,
        pack_bytes=_dflt_pack_bytes,
    ):
        _setattr(self, 'bytes', bytes)
        _setattr(self, 'files', files)
        _setattr(self, 'fair_share', fair_share)
        _setattr(self, 'pack_bytes', pack_bytes)

    return __init__


def spark_scan__Lint(_setattr, _HAS_DEFAULT_FACTORY, _dflt_workload_path):
    def __init__(
        self,
        selection,
        workload_path=_dflt_workload_path,
    ):
        _setattr(self, 'selection', selection)
        _setattr(self, 'workload_path', workload_path)

    return __init__


def spark_spread__Chunk(_setattr, _HAS_DEFAULT_FACTORY, _dflt_settled):
    def __init__(
        self,
        scope,
        files,
        settled=_dflt_settled,
    ):
        _setattr(self, 'scope', scope)
        _setattr(self, 'files', files)
        _setattr(self, 'settled', settled)

    return __init__


def spark_spread__PhaseOne(_setattr, _HAS_DEFAULT_FACTORY, _dflt_named):
    def __init__(
        self,
        options,
        source_rules,
        spill,
        named=_dflt_named,
    ):
        _setattr(self, 'options', options)
        _setattr(self, 'source_rules', source_rules)
        _setattr(self, 'spill', spill)
        _setattr(self, 'named', named)

    return __init__


def spark_spread__PhaseTwo(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        options,
        sizing,
        source_rules,
        file_rules,
        indexing,
        out,
        run,
        spill,
        settled,
        settings,
    ):
        _setattr(self, 'options', options)
        _setattr(self, 'sizing', sizing)
        _setattr(self, 'source_rules', source_rules)
        _setattr(self, 'file_rules', file_rules)
        _setattr(self, 'indexing', indexing)
        _setattr(self, 'out', out)
        _setattr(self, 'run', run)
        _setattr(self, 'spill', spill)
        _setattr(self, 'settled', settled)
        _setattr(self, 'settings', settings)

    return __init__


def spark_spread__ScopeStep(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        run,
        out,
        tag,
    ):
        _setattr(self, 'run', run)
        _setattr(self, 'out', out)
        _setattr(self, 'tag', tag)

    return __init__


def spark_spread__Settled(_setattr, _HAS_DEFAULT_FACTORY, _dflt_plain, _fact__links):
    def __init__(
        self,
        pieces,
        again,
        quiet,
        spilled,
        plain=_dflt_plain,
    ):
        _setattr(self, 'pieces', pieces)
        _setattr(self, 'again', again)
        _setattr(self, 'quiet', quiet)
        _setattr(self, 'spilled', spilled)
        _setattr(self, 'plain', plain)
        _setattr(self, '_links', _fact__links())

    return __init__


def spark_spread___Numbered(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        task,
    ):
        _setattr(self, 'task', task)

    return __init__


def spark_summary__ScanSummary(_setattr, _HAS_DEFAULT_FACTORY, _dflt_datasets, _dflt_finding_errors, _dflt_finding_warnings, _dflt_finding_infos, _dflt_nodes, _dflt_edges, _dflt_unresolved, _dflt_reanalysed, _dflt_indexes):
    def __init__(
        self,
        files,
        tables,
        columns,
        errors,
        warnings,
        infos,
        files_failed,
        seconds,
        out,
        datasets=_dflt_datasets,
        finding_errors=_dflt_finding_errors,
        finding_warnings=_dflt_finding_warnings,
        finding_infos=_dflt_finding_infos,
        nodes=_dflt_nodes,
        edges=_dflt_edges,
        unresolved=_dflt_unresolved,
        reanalysed=_dflt_reanalysed,
        indexes=_dflt_indexes,
    ):
        _setattr(self, 'files', files)
        _setattr(self, 'tables', tables)
        _setattr(self, 'columns', columns)
        _setattr(self, 'errors', errors)
        _setattr(self, 'warnings', warnings)
        _setattr(self, 'infos', infos)
        _setattr(self, 'files_failed', files_failed)
        _setattr(self, 'seconds', seconds)
        _setattr(self, 'out', out)
        _setattr(self, 'datasets', datasets)
        _setattr(self, 'finding_errors', finding_errors)
        _setattr(self, 'finding_warnings', finding_warnings)
        _setattr(self, 'finding_infos', finding_infos)
        _setattr(self, 'nodes', nodes)
        _setattr(self, 'edges', edges)
        _setattr(self, 'unresolved', unresolved)
        _setattr(self, 'reanalysed', reanalysed)
        _setattr(self, 'indexes', indexes)

    return __init__


def spark_worker__Analysed(_setattr, _HAS_DEFAULT_FACTORY, _dflt_order, _dflt_text):
    def __init__(
        self,
        prepared,
        size,
        millis,
        order=_dflt_order,
        text=_dflt_text,
    ):
        _setattr(self, 'prepared', prepared)
        _setattr(self, 'size', size)
        _setattr(self, 'millis', millis)
        _setattr(self, 'order', order)
        _setattr(self, 'text', text)

    return __init__


def spark_worker__Finished(_setattr, _HAS_DEFAULT_FACTORY, _dflt_indexes):
    def __init__(
        self,
        record,
        member,
        indexes=_dflt_indexes,
    ):
        _setattr(self, 'record', record)
        _setattr(self, 'member', member)
        _setattr(self, 'indexes', indexes)

    return __init__


def spark_worker__Indexing(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
    ):
        pass

    return __init__


def spark_worker__Kept(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        paths,
    ):
        _setattr(self, 'paths', paths)

    return __init__


def spark_worker__Member(_setattr, _HAS_DEFAULT_FACTORY, _dflt_order, _dflt_text):
    def __init__(
        self,
        checked,
        order=_dflt_order,
        text=_dflt_text,
    ):
        _setattr(self, 'checked', checked)
        _setattr(self, 'order', order)
        _setattr(self, 'text', text)

    return __init__


def spark_worker__OnePass(_setattr, _HAS_DEFAULT_FACTORY, _dflt_named, _dflt_indexing):
    def __init__(
        self,
        options,
        sizing,
        source_rules,
        file_rules,
        run,
        named=_dflt_named,
        indexing=_dflt_indexing,
    ):
        _setattr(self, 'options', options)
        _setattr(self, 'sizing', sizing)
        _setattr(self, 'source_rules', source_rules)
        _setattr(self, 'file_rules', file_rules)
        _setattr(self, 'run', run)
        _setattr(self, 'named', named)
        _setattr(self, 'indexing', indexing)

    return __init__


def spark_worker__PackScope(_setattr, _HAS_DEFAULT_FACTORY, _dflt_settled):
    def __init__(
        self,
        scope,
        files,
        settled=_dflt_settled,
    ):
        _setattr(self, 'scope', scope)
        _setattr(self, 'files', files)
        _setattr(self, 'settled', settled)

    return __init__


def spark_worker__Quieted(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        paths,
    ):
        _setattr(self, 'paths', paths)

    return __init__


def spark_worker__Reported(_setattr, _HAS_DEFAULT_FACTORY, _dflt_cwd):
    def __init__(
        self,
        root,
        cwd=_dflt_cwd,
    ):
        _setattr(self, 'root', root)
        _setattr(self, 'cwd', cwd)

    return __init__


def spark_worker__RunSettings(_setattr, _HAS_DEFAULT_FACTORY, _dflt_workload, _dflt_replicating, _dflt_reported, _dflt_audit_to, _dflt_indexing, _dflt_audit):
    def __init__(
        self,
        selection,
        sizing,
        workload=_dflt_workload,
        replicating=_dflt_replicating,
        reported=_dflt_reported,
        audit_to=_dflt_audit_to,
        indexing=_dflt_indexing,
        audit=_dflt_audit,
    ):
        _setattr(self, 'selection', selection)
        _setattr(self, 'sizing', sizing)
        _setattr(self, 'workload', workload)
        _setattr(self, 'replicating', replicating)
        _setattr(self, 'reported', reported)
        _setattr(self, 'audit_to', audit_to)
        _setattr(self, 'indexing', indexing)
        _setattr(self, 'audit', audit)

    return __init__


def spark_worker__Salting(_setattr, _HAS_DEFAULT_FACTORY, _dflt_default):
    def __init__(
        self,
        salts,
        partitions,
        default=_dflt_default,
    ):
        _setattr(self, 'salts', salts)
        _setattr(self, 'partitions', partitions)
        _setattr(self, 'default', default)

    return __init__


def split__Statement(_setattr, _HAS_DEFAULT_FACTORY, _dflt_repeat, _dflt_terminator):
    def __init__(
        self,
        text,
        start,
        end,
        repeat=_dflt_repeat,
        terminator=_dflt_terminator,
    ):
        _setattr(self, 'text', text)
        _setattr(self, 'start', start)
        _setattr(self, 'end', end)
        _setattr(self, 'repeat', repeat)
        _setattr(self, 'terminator', terminator)

    return __init__


def split___Token(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        start,
        end,
        word,
        kind,
        opens_line,
    ):
        _setattr(self, 'start', start)
        _setattr(self, 'end', end)
        _setattr(self, 'word', word)
        _setattr(self, 'kind', kind)
        _setattr(self, 'opens_line', opens_line)

    return __init__


def workflow__Checked(_setattr, _HAS_DEFAULT_FACTORY, _dflt_directives, _dflt_scope):
    def __init__(
        self,
        result,
        estimates,
        findings,
        directives=_dflt_directives,
        scope=_dflt_scope,
    ):
        _setattr(self, 'result', result)
        _setattr(self, 'estimates', estimates)
        _setattr(self, 'findings', findings)
        _setattr(self, 'directives', directives)
        _setattr(self, 'scope', scope)

    return __init__


def workflow__LintRun(_setattr, _HAS_DEFAULT_FACTORY):
    def __init__(
        self,
        report,
        findings,
        checked,
    ):
        _setattr(self, 'report', report)
        _setattr(self, 'findings', findings)
        _setattr(self, 'checked', checked)

    return __init__


def workflow__Prepared(_setattr, _HAS_DEFAULT_FACTORY, _dflt_findings, _dflt_directives, _dflt_scope):
    def __init__(
        self,
        result,
        findings=_dflt_findings,
        directives=_dflt_directives,
        scope=_dflt_scope,
    ):
        _setattr(self, 'result', result)
        _setattr(self, 'findings', findings)
        _setattr(self, 'directives', directives)
        _setattr(self, 'scope', scope)

    return __init__


def workflow__Workflow(_setattr, _HAS_DEFAULT_FACTORY, _dflt_estimate, _dflt_rules, _dflt_widths_replicated_only):
    def __init__(
        self,
        name,
        passes,
        estimate=_dflt_estimate,
        rules=_dflt_rules,
        widths_replicated_only=_dflt_widths_replicated_only,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'passes', passes)
        _setattr(self, 'estimate', estimate)
        _setattr(self, 'rules', rules)
        _setattr(self, 'widths_replicated_only', widths_replicated_only)

    return __init__


def workload__DatabaseLoad(_setattr, _HAS_DEFAULT_FACTORY, _dflt_transaction_rate, _dflt_transaction_duration, _dflt_span):
    def __init__(
        self,
        name,
        transaction_rate=_dflt_transaction_rate,
        transaction_duration=_dflt_transaction_duration,
        span=_dflt_span,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'transaction_rate', transaction_rate)
        _setattr(self, 'transaction_duration', transaction_duration)
        _setattr(self, 'span', span)

    return __init__


def workload__FunctionLoad(_setattr, _HAS_DEFAULT_FACTORY, _dflt_span):
    def __init__(
        self,
        name,
        rate,
        span=_dflt_span,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'rate', rate)
        _setattr(self, 'span', span)

    return __init__


def workload__SiteLoad(_setattr, _HAS_DEFAULT_FACTORY, _dflt_selectivity, _dflt_transaction_rate, _dflt_failure_duration, _dflt_save_interval, _dflt_span):
    def __init__(
        self,
        name,
        selectivity=_dflt_selectivity,
        transaction_rate=_dflt_transaction_rate,
        failure_duration=_dflt_failure_duration,
        save_interval=_dflt_save_interval,
        span=_dflt_span,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'selectivity', selectivity)
        _setattr(self, 'transaction_rate', transaction_rate)
        _setattr(self, 'failure_duration', failure_duration)
        _setattr(self, 'save_interval', save_interval)
        _setattr(self, 'span', span)

    return __init__


def workload__TableLoad(_setattr, _HAS_DEFAULT_FACTORY, _dflt_inserts, _dflt_updates, _dflt_deletes, _dflt_changed_columns, _dflt_changed_fraction, _dflt_minimal_columns, _dflt_upd_cmd, _dflt_database, _dflt_span):
    def __init__(
        self,
        name,
        inserts=_dflt_inserts,
        updates=_dflt_updates,
        deletes=_dflt_deletes,
        changed_columns=_dflt_changed_columns,
        changed_fraction=_dflt_changed_fraction,
        minimal_columns=_dflt_minimal_columns,
        upd_cmd=_dflt_upd_cmd,
        database=_dflt_database,
        span=_dflt_span,
    ):
        _setattr(self, 'name', name)
        _setattr(self, 'inserts', inserts)
        _setattr(self, 'updates', updates)
        _setattr(self, 'deletes', deletes)
        _setattr(self, 'changed_columns', changed_columns)
        _setattr(self, 'changed_fraction', changed_fraction)
        _setattr(self, 'minimal_columns', minimal_columns)
        _setattr(self, 'upd_cmd', upd_cmd)
        _setattr(self, 'database', database)
        _setattr(self, 'span', span)

    return __init__


def workload__Workload(_setattr, _HAS_DEFAULT_FACTORY, _dflt_tables, _dflt_functions, _dflt_databases, _dflt_sites, _dflt_transaction_rate, _dflt_transaction_duration, _dflt_failure_duration, _dflt_save_interval):
    def __init__(
        self,
        path,
        tables=_dflt_tables,
        functions=_dflt_functions,
        databases=_dflt_databases,
        sites=_dflt_sites,
        transaction_rate=_dflt_transaction_rate,
        transaction_duration=_dflt_transaction_duration,
        failure_duration=_dflt_failure_duration,
        save_interval=_dflt_save_interval,
    ):
        _setattr(self, 'path', path)
        _setattr(self, 'tables', tables)
        _setattr(self, 'functions', functions)
        _setattr(self, 'databases', databases)
        _setattr(self, 'sites', sites)
        _setattr(self, 'transaction_rate', transaction_rate)
        _setattr(self, 'transaction_duration', transaction_duration)
        _setattr(self, 'failure_duration', failure_duration)
        _setattr(self, 'save_interval', save_interval)

    return __init__


def worksheet__Worksheet(_setattr, _HAS_DEFAULT_FACTORY, _dflt_steps, _dflt_result_step, _dflt_reconstruction):
    def __init__(
        self,
        title,
        source,
        steps=_dflt_steps,
        result_step=_dflt_result_step,
        reconstruction=_dflt_reconstruction,
    ):
        _setattr(self, 'title', title)
        _setattr(self, 'source', source)
        _setattr(self, 'steps', steps)
        _setattr(self, 'result_step', result_step)
        _setattr(self, 'reconstruction', reconstruction)

    return __init__
