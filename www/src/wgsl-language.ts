// WGSL syntax highlighting for CodeMirror: a small stream tokenizer (no grammar needed
// for colors), with nested block comments as WGSL has them.

import { StreamLanguage, type StreamParser } from '@codemirror/language';

const KEYWORDS = new Set([
  'alias', 'break', 'case', 'const', 'const_assert', 'continue', 'continuing', 'default',
  'diagnostic', 'discard', 'else', 'enable', 'fn', 'for', 'if', 'let', 'loop', 'override',
  'requires', 'return', 'struct', 'switch', 'var', 'while',
]);

const TYPES = new Set([
  'bool', 'f16', 'f32', 'i32', 'u32', 'vec2', 'vec3', 'vec4', 'mat2x2', 'mat2x3', 'mat2x4',
  'mat3x2', 'mat3x3', 'mat3x4', 'mat4x2', 'mat4x3', 'mat4x4', 'array', 'atomic', 'ptr',
  'sampler', 'sampler_comparison', 'texture_1d', 'texture_2d', 'texture_2d_array',
  'texture_3d', 'texture_cube', 'texture_cube_array', 'texture_multisampled_2d',
  'texture_depth_2d', 'texture_depth_2d_array', 'texture_depth_cube',
  'texture_depth_cube_array', 'texture_depth_multisampled_2d', 'texture_external',
  'texture_storage_1d', 'texture_storage_2d', 'texture_storage_2d_array',
  'texture_storage_3d',
]);

const ADDRESS_SPACES = new Set([
  'function', 'private', 'workgroup', 'uniform', 'storage', 'handle', 'read', 'write',
  'read_write',
]);

// Predeclared short type aliases such as vec4f, mat3x3h, vec2u.
const SHORT_TYPE = /^(vec[234][fhiu]|mat[234]x[234][fh])$/;

interface State {
  commentDepth: number;
}

const parser: StreamParser<State> = {
  name: 'wgsl',
  startState: () => ({ commentDepth: 0 }),
  token(stream, state) {
    if (state.commentDepth > 0) {
      while (!stream.eol()) {
        if (stream.match('/*')) state.commentDepth++;
        else if (stream.match('*/')) {
          state.commentDepth--;
          if (state.commentDepth === 0) break;
        } else stream.next();
      }
      return 'blockComment';
    }
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'lineComment';
    }
    if (stream.match('/*')) {
      state.commentDepth = 1;
      return 'blockComment';
    }
    if (stream.match(/^@\s*[A-Za-z_][A-Za-z0-9_]*/)) return 'meta';
    if (
      stream.match(/^0[xX]([0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)([pP][+-]?[0-9]+)?[iuhf]?/) ||
      stream.match(/^([0-9]+\.[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?[fh]?/) ||
      stream.match(/^[0-9]+[eE][+-]?[0-9]+[fh]?/) ||
      stream.match(/^[0-9]+[iufh]?/)
    ) {
      return 'number';
    }
    const word = stream.match(/^[A-Za-z_][A-Za-z0-9_]*/) as RegExpMatchArray | null;
    if (word) {
      const w = word[0];
      if (w === 'true' || w === 'false') return 'bool';
      if (KEYWORDS.has(w)) return 'keyword';
      if (TYPES.has(w) || SHORT_TYPE.test(w)) return 'typeName';
      if (ADDRESS_SPACES.has(w)) return 'modifier';
      if (stream.match(/^\s*\(/, false)) return 'variableName.function';
      return 'variableName';
    }
    if (stream.match(/^(->|[-+*/%&|^!=<>]=?|&&|\|\||<<|>>|[~.])/)) return 'operator';
    if (stream.match(/^[{}()[\],;:]/)) return 'punctuation';
    stream.next();
    return null;
  },
  languageData: {
    commentTokens: { line: '//', block: { open: '/*', close: '*/' } },
    closeBrackets: { brackets: ['(', '[', '{'] },
  },
};

export const wgsl = StreamLanguage.define(parser);
