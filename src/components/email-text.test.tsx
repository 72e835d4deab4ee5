import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text.tsx';

describe('an e-mail wraps after "@" and before ".", not mid-word', () => {
  it.each([
    ['ana@impecable.demo', 'ana@<wbr/>impecable<wbr/>.demo'],
    ['maria.jose.fernandez@plataforma-madrid.example.com', 'maria<wbr/>.jose<wbr/>.fernandez@<wbr/>plataforma-madrid<wbr/>.example<wbr/>.com'],
    ['sin-arroba', 'sin-arroba'],
  ])('%s', (email, markup) => {
    expect(renderToStaticMarkup(<EmailText email={email} />)).toBe(markup);
  });
});
