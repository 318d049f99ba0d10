import type { Container } from 'inversify';
import { IdentityProvider } from '../../application/ports/services';
import { GoogleIdentityProvider, GoogleIdentityProviderOptions } from '../../adapters/identity/GoogleIdentityProvider';
import { DevIdentityProvider, DevIdentityProviderOptions } from '../../adapters/identity/DevIdentityProvider';
import { devIdentityRoutes } from '../../adapters/identity/dev-identity-routes';
import type { AppRouter, RouteModule } from '../../adapters/http/types';
import type { ModuleContext } from './context';

export function googleRedirectUri(publicUrl: string): string {
  return `${publicUrl}/api/oauth/google/callback`;
}

/** Sign-in with Google, or the local stand-in provider page in development and tests. */
export function bindIdentity(container: Container, { config }: ModuleContext): void {
  const redirectUri = googleRedirectUri(config.PUBLIC_URL);
  if (config.IDENTITY_PROVIDER === 'google') {
    container.bind<GoogleIdentityProviderOptions>(GoogleIdentityProviderOptions).toConstantValue({
      issuer: config.GOOGLE_ISSUER,
      clientId: config.GOOGLE_CLIENT_ID as string,
      clientSecret: config.GOOGLE_CLIENT_SECRET as string,
      redirectUri,
    });
    container.bind<IdentityProvider>(IdentityProvider).to(GoogleIdentityProvider).inSingletonScope();
  } else {
    container.bind<DevIdentityProviderOptions>(DevIdentityProviderOptions).toConstantValue({ publicUrl: config.PUBLIC_URL, redirectUri });
    container.bind(DevIdentityProvider).toSelf().inSingletonScope();
    container.bind<IdentityProvider>(IdentityProvider).toService(DevIdentityProvider);
  }
}

/** The stand-in provider's page, mounted only when it is the configured provider. */
export function identityRoutes({ config }: ModuleContext): RouteModule[] {
  if (config.IDENTITY_PROVIDER !== 'dev') return [];
  return [(container) => devIdentityRoutes(container.get(DevIdentityProvider)) as unknown as AppRouter];
}
