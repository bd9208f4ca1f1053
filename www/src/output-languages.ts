// Highlighting for the output panels that are not WGSL: SPIR-V disassembly, refract's IR
// text, Gen assembly, HLSL and the AST's JSON. Small stream tokenizers: colors only.

import { StreamLanguage, type StreamParser } from '@codemirror/language';

/** Assembly-like text: `%ids`, `Op` names and opcodes, numbers, strings, `;` comments. */
const assembly: StreamParser<null> = {
  name: 'assembly',
  startState: () => null,
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match(/^(;|\/\/|#)/)) {
      stream.skipToEnd();
      return 'lineComment';
    }
    if (stream.match(/^"([^"\\]|\\.)*"?/)) return 'string';
    if (stream.match(/^[%$@^][A-Za-z0-9_.]*/)) return 'variableName';
    if (stream.match(/^-?(0x[0-9a-fA-F]+|[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?)[a-z0-9]*/)) return 'number';
    if (stream.match(/^Op[A-Za-z0-9]+/)) return 'keyword';
    if (stream.match(/^[a-z_][a-z0-9_.]*(?=\s*[:(])/)) return 'labelName';
    if (stream.match(/^[A-Za-z_][A-Za-z0-9_.]*/)) return 'typeName';
    if (stream.match(/^(->|[=:,(){}[\]<>*+\-/])/)) return 'punctuation';
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: ';' } },
};

const HLSL_KEYWORDS = new Set([
  'break', 'case', 'cbuffer', 'const', 'continue', 'default', 'discard', 'do', 'else', 'for',
  'groupshared', 'if', 'in', 'inout', 'out', 'register', 'return', 'static', 'struct',
  'switch', 'typedef', 'uniform', 'while', 'packoffset', 'precise', 'nointerpolation',
]);

/** HLSL: C-like, with its vector and resource types. */
const hlsl: StreamParser<{ inComment: boolean }> = {
  name: 'hlsl',
  startState: () => ({ inComment: false }),
  token(stream, state) {
    if (state.inComment) {
      if (stream.skipTo('*/')) {
        stream.match('*/');
        state.inComment = false;
      } else stream.skipToEnd();
      return 'blockComment';
    }
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'lineComment';
    }
    if (stream.match('/*')) {
      state.inComment = true;
      return 'blockComment';
    }
    if (stream.match(/^#\s*\w+/)) return 'meta';
    if (stream.match(/^(0x[0-9a-fA-F]+|[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?|\.[0-9]+)[uUlLfFhH]*/)) return 'number';
    const word = stream.match(/^[A-Za-z_][A-Za-z0-9_]*/) as RegExpMatchArray | null;
    if (word) {
      const w = word[0];
      if (HLSL_KEYWORDS.has(w)) return 'keyword';
      if (w === 'true' || w === 'false') return 'bool';
      if (/^(bool|int|uint|float|half|double|min16\w+|void|matrix|vector|sampler\w*|SamplerState|SamplerComparisonState|(RW)?(Structured|ByteAddress)?Buffer|(RW)?Texture\w+|ConstantBuffer)([1-4](x[1-4])?)?$/.test(w)) {
        return 'typeName';
      }
      if (stream.match(/^\s*\(/, false)) return 'variableName.function';
      return 'variableName';
    }
    if (stream.match(/^:\s*[A-Z_][A-Za-z0-9_]*/)) return 'meta';
    if (stream.match(/^[-+*/%&|^!=<>~?:.]+/)) return 'operator';
    if (stream.match(/^[{}()[\],;]/)) return 'punctuation';
    stream.next();
    return null;
  },
};

/** JSON: keys, strings, numbers, literals. */
const json: StreamParser<null> = {
  name: 'json',
  startState: () => null,
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match(/^"([^"\\]|\\.)*"(?=\s*:)/)) return 'propertyName';
    if (stream.match(/^"([^"\\]|\\.)*"?/)) return 'string';
    if (stream.match(/^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/)) return 'number';
    if (stream.match(/^(true|false|null)\b/)) return 'bool';
    stream.next();
    return 'punctuation';
  },
};

export const assemblyLanguage = StreamLanguage.define(assembly);
export const hlslLanguage = StreamLanguage.define(hlsl);
export const jsonLanguage = StreamLanguage.define(json);
