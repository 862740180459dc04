/* The C baseline for Scripts/bench-yaml.sh: reads a JSON file (a top-level array, or one value)
 * with a small recursive-descent parser and writes it through libyaml's emitter, block style,
 * one document per array element (as `codable convert --to yaml` does). Strings are emitted
 * in the style libyaml chooses (plain when it can; it does not check what a plain string would
 * resolve to, so it does less than codable); numbers, booleans and null plain.
 *   cc -O2 -o libyaml-emit libyaml-emit.c $(pkg-config --cflags --libs yaml-0.1)
 *   ./libyaml-emit FILE.json > out.yaml
 */
#include <yaml.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *p, *end;
static yaml_emitter_t emitter;
static char *scratch;
static size_t scratch_cap;

static void die(const char *what) { fprintf(stderr, "libyaml-emit: %s\n", what); exit(1); }

static void emit(yaml_event_t *event) {
    if (!yaml_emitter_emit(&emitter, event)) die(emitter.problem ? emitter.problem : "emitter error");
}

static void skip_ws(void) { while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) p++; }

static void put_utf8(size_t *n, unsigned cp) {
    if (*n + 4 > scratch_cap) { scratch_cap *= 2; scratch = realloc(scratch, scratch_cap); }
    if (cp < 0x80) scratch[(*n)++] = (char)cp;
    else if (cp < 0x800) { scratch[(*n)++] = (char)(0xC0 | cp >> 6); scratch[(*n)++] = (char)(0x80 | (cp & 0x3F)); }
    else if (cp < 0x10000) { scratch[(*n)++] = (char)(0xE0 | cp >> 12); scratch[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F)); scratch[(*n)++] = (char)(0x80 | (cp & 0x3F)); }
    else { scratch[(*n)++] = (char)(0xF0 | cp >> 18); scratch[(*n)++] = (char)(0x80 | ((cp >> 12) & 0x3F)); scratch[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F)); scratch[(*n)++] = (char)(0x80 | (cp & 0x3F)); }
}

static unsigned hex4(const char *s) { unsigned v = 0; for (int i = 0; i < 4; i++) { char c = s[i]; v = v * 16 + (c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10); } return v; }

/* Parses a string at p (after the quote); returns its unescaped length in scratch. */
static size_t parse_string(void) {
    size_t n = 0;
    p++;
    while (*p != '"') {
        if (*p == '\\') {
            p++;
            char c = *p++;
            switch (c) {
            case 'n': put_utf8(&n, '\n'); break;
            case 't': put_utf8(&n, '\t'); break;
            case 'r': put_utf8(&n, '\r'); break;
            case 'b': put_utf8(&n, '\b'); break;
            case 'f': put_utf8(&n, '\f'); break;
            case 'u': {
                unsigned cp = hex4(p); p += 4;
                if (cp >= 0xD800 && cp < 0xDC00 && p[0] == '\\' && p[1] == 'u') { unsigned lo = hex4(p + 2); p += 6; cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00); }
                put_utf8(&n, cp); break;
            }
            default: put_utf8(&n, (unsigned char)c);
            }
        } else {
            if (n + 1 > scratch_cap) { scratch_cap *= 2; scratch = realloc(scratch, scratch_cap); }
            scratch[n++] = *p++;
        }
    }
    p++;
    return n;
}

static void scalar(const char *text, size_t length, int plain) {
    yaml_event_t event;
    yaml_scalar_event_initialize(&event, NULL, NULL, (yaml_char_t *)text, (int)length, 1, 1,
                                 plain ? YAML_PLAIN_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE);
    emit(&event);
}

static void value(void) {
    yaml_event_t event;
    skip_ws();
    if (*p == '{') {
        p++;
        yaml_mapping_start_event_initialize(&event, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
        emit(&event);
        skip_ws();
        while (*p != '}') {
            size_t n = parse_string();
            scalar(scratch, n, 0);
            skip_ws(); p++; /* ':' */
            value();
            skip_ws();
            if (*p == ',') { p++; skip_ws(); }
        }
        p++;
        yaml_mapping_end_event_initialize(&event);
        emit(&event);
    } else if (*p == '[') {
        p++;
        yaml_sequence_start_event_initialize(&event, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE);
        emit(&event);
        skip_ws();
        while (*p != ']') {
            value();
            skip_ws();
            if (*p == ',') p++;
            skip_ws();
        }
        p++;
        yaml_sequence_end_event_initialize(&event);
        emit(&event);
    } else if (*p == '"') {
        size_t n = parse_string();
        scalar(scratch, n, 0);
    } else {
        const char *start = p;
        while (p < end && *p != ',' && *p != '}' && *p != ']' && *p != ' ' && *p != '\n' && *p != '\r' && *p != '\t') p++;
        scalar(start, (size_t)(p - start), 1);
    }
}

static void document(void) {
    yaml_event_t event;
    yaml_document_start_event_initialize(&event, NULL, NULL, NULL, 1);
    emit(&event);
    value();
    yaml_document_end_event_initialize(&event, 1);
    emit(&event);
}

int main(int argc, char **argv) {
    if (argc != 2) die("usage: libyaml-emit FILE.json");
    FILE *file = fopen(argv[1], "rb");
    if (!file) die("cannot open input");
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *data = malloc((size_t)size + 1);
    if (fread(data, 1, (size_t)size, file) != (size_t)size) die("cannot read input");
    data[size] = 0;
    p = data; end = data + size;
    scratch_cap = 1 << 16; scratch = malloc(scratch_cap);

    yaml_emitter_initialize(&emitter);
    yaml_emitter_set_output_file(&emitter, stdout);
    yaml_emitter_set_unicode(&emitter, 1);
    yaml_emitter_set_width(&emitter, -1);
    yaml_emitter_set_indent(&emitter, 2);
    yaml_event_t event;
    yaml_stream_start_event_initialize(&event, YAML_UTF8_ENCODING);
    emit(&event);
    skip_ws();
    if (*p == '[') {  /* the elements are the documents */
        p++;
        skip_ws();
        while (*p != ']') { document(); skip_ws(); if (*p == ',') p++; skip_ws(); }
    } else {
        document();
    }
    yaml_stream_end_event_initialize(&event);
    emit(&event);
    yaml_emitter_delete(&emitter);
    free(data);
    return 0;
}
