import { describe, expect, it } from 'vitest';
import { paths, signInPage } from '#domain/paths';

describe('signInPage', () => {
  it('is /login and /login/:message, as the router matches them', () => {
    expect(signInPage('/login')).toEqual({});
    expect(signInPage('/LOGIN/')).toEqual({});
    expect(signInPage(paths.loginMessage.getHref('Tu sesión ha caducado'))).toEqual({ message: 'Tu sesión ha caducado' });
  });

  it('keeps a message that is not valid percent-encoding as it came', () => {
    expect(signInPage('/login/100%')).toEqual({ message: '100%' });
  });

  it('is null for every other path', () => {
    for (const path of ['/', '/home', '/logout', '/login/a/b', '/loginx', '/sso/abc']) expect(signInPage(path), path).toBeNull();
  });
});
