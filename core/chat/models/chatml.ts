import type { BaseMessage } from '@langchain/core/messages';

/** The markers of ChatML, the chat format SmolLM2-Instruct (and many small models) are tuned on. */
export const CHATML_STOP = ['<|im_end|>', '<|im_start|>', '<|endoftext|>'];

function roleOf(m: BaseMessage): 'system' | 'user' | 'assistant' {
  const type = m.getType();
  if (type === 'system') return 'system';
  if (type === 'ai') return 'assistant';
  return 'user';
}

function textOf(m: BaseMessage): string {
  if (typeof m.content === 'string') return m.content;
  return m.content.map((part) => (part.type === 'text' && 'text' in part ? String(part.text) : '')).join('');
}

/** Formats LangChain messages as a ChatML prompt that ends where the assistant's turn begins. */
export function toChatMl(messages: readonly BaseMessage[]): string {
  const turns = messages.map((m) => `<|im_start|>${roleOf(m)}\n${textOf(m).trim()}<|im_end|>\n`);
  return `${turns.join('')}<|im_start|>assistant\n`;
}
