/* Parses each file named on the command line with the C runtime
 * (libtree-sitter) and prints its S-expression, for comparison with
 * web-tree-sitter. Output: one "== <path>" line, then the tree, per file. */
#include <stdio.h>
#include <stdlib.h>
#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_yaoxiang(void);

static char *read_file(const char *path, long *length) {
  FILE *file = fopen(path, "rb");
  if (!file) return NULL;
  fseek(file, 0, SEEK_END);
  *length = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *buffer = malloc((size_t)*length + 1);
  if (buffer && fread(buffer, 1, (size_t)*length, file) != (size_t)*length) {
    free(buffer);
    buffer = NULL;
  }
  fclose(file);
  return buffer;
}

int main(int argc, char **argv) {
  TSParser *parser = ts_parser_new();
  if (!ts_parser_set_language(parser, tree_sitter_yaoxiang())) {
    fprintf(stderr, "language ABI %u is not supported by this libtree-sitter\n",
            ts_language_version(tree_sitter_yaoxiang()));
    return 2;
  }
  for (int i = 1; i < argc; i++) {
    long length = 0;
    char *source = read_file(argv[i], &length);
    if (!source) {
      fprintf(stderr, "cannot read %s\n", argv[i]);
      return 2;
    }
    TSTree *tree = ts_parser_parse_string(parser, NULL, source, (uint32_t)length);
    char *sexp = ts_node_string(ts_tree_root_node(tree));
    printf("== %s\n%s\n", argv[i], sexp);
    free(sexp);
    ts_tree_delete(tree);
    free(source);
  }
  ts_parser_delete(parser);
  return 0;
}
