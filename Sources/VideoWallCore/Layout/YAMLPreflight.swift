import CYaml

/// Reads a layout's YAML once with libyaml's event parser, which keeps its nesting on the heap,
/// before Yams composes it into nodes, which recurses once per nesting level: a 20 KB file of
/// mappings nested 5000 deep (`{a: {a: ...`) overflowed the main thread's stack (SIGSEGV), and
/// lists did at 20000. Counting the depth of the very events the composer will see gives the
/// exact depth (a scan of brackets and indentation of our own could be fooled by quoting), and
/// the syntax errors come out with their lines here too. The values are counted as well:
/// composing a megabyte of them took seconds, for a refusal.
///
/// `CYaml` is Yams' own copy of libyaml: the same parser the composer runs, not a second one.
/// It is not a product of the Yams package, but its module is visible to Yams' dependents;
/// if a Yams update renames it, this stops compiling rather than silently checking less.
enum YAMLPreflight {
    static func check(_ yaml: String, file: String, maximumNesting: Int = LayoutLimits.maximumNesting) throws(LayoutError) {
        var bytes = Array(yaml.utf8)
        guard bytes.count <= LayoutLimits.maximumFileSize else {
            throw LayoutError.tooLarge(file)
        }
        let problem: LayoutError? = bytes.withUnsafeMutableBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                return LayoutError(file: file, line: nil, message: "out of memory reading the YAML")
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var depth = 0, values = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    return syntaxError(parser, bytes: UnsafeBufferPointer(buffer), file: file)
                }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT, YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    values += 1
                    if values > LayoutLimits.maximumValues {
                        return LayoutError(file: file, line: Int(event.start_mark.line) + 1,
                                           message: "the file holds more than \(LayoutLimits.maximumValues) values: that is not a layout")
                    }
                default:
                    break
                }
                switch event.type {
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    depth += 1
                    if depth > maximumNesting {
                        return LayoutError(file: file, line: Int(event.start_mark.line) + 1,
                                           message: "lists and mappings are nested more than \(maximumNesting) deep "
                                               + "(a layout needs 3: the file, 'regions', a region)")
                    }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    depth -= 1
                case YAML_STREAM_END_EVENT:
                    return nil
                default:
                    break
                }
            }
        }
        if let problem { throw problem }
    }

    /// libyaml's problem as "YAML syntax error: ..." with its line; a reader error (bad bytes)
    /// has only a byte offset, which is turned into a line.
    private static func syntaxError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>, file: String) -> LayoutError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        var message = "YAML syntax error: \(problem)"
        let line: Int
        if parser.error == YAML_READER_ERROR {
            let offset = min(max(parser.problem_offset, 0), bytes.count)
            line = bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        } else {
            line = Int(parser.problem_mark.line) + 1
            if let context = parser.context {
                message += " (\(String(cString: context)) that starts on line \(parser.context_mark.line + 1))"
            }
        }
        return LayoutError(file: file, line: line, message: message)
    }
}
