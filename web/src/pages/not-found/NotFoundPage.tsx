import { ButtonLink } from '../../design';

export default function NotFoundPage() {
  return (
    <div className="page page--narrow" style={{ textAlign: 'center' }}>
      <h1>Page not found</h1>
      <p className="page__lead">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/">Go to the home page</ButtonLink>
    </div>
  );
}
