import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { isAxiosError } from 'axios';
import { ENDPOINTS, pathFor, type Branding, type Envelope } from '@fieldwatch/shared';
import { LoadingState } from '@fieldwatch/shared/ui';
import { api, bus, sessionStore } from '../../platform';
import { useAccountBranding } from './branding';

/**
 * /a/<slug>: an organisation's account URL (admin Customization). Takes on the organisation's
 * logo and colour and goes on to the sign-in page (or, signed in, to the overview). An old
 * address (changed within 30 days) goes on to the new one first, so bookmarks keep working.
 */
export function AccountUrlPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const setBranding = useAccountBranding((s) => s.set);
  const signedIn = useStore(sessionStore, (s) => s.status === 'signedIn');

  useEffect(() => {
    let live = true;
    api.http
      .get<Envelope<Branding>>(pathFor(ENDPOINTS.brandingBySlug, { slug }))
      .then((res) => {
        if (!live) return;
        const b = res.data.data;
        if (b.movedTo && b.movedTo !== `/a/${slug}`) {
          navigate(b.movedTo, { replace: true });
          return;
        }
        setBranding(b);
        navigate('/login', { replace: true });
      })
      .catch((err: unknown) => {
        if (!live) return;
        if (isAxiosError(err) && err.response?.status === 404) {
          setBranding(null);
          bus.emit('toast', { kind: 'warning', message: t('branding.unknownAccount'), raw: true });
        } else {
          bus.emit('toast', { kind: 'danger', message: t('branding.failed'), raw: true });
        }
        navigate('/login', { replace: true });
      });
    return () => {
      live = false;
    };
  }, [slug, navigate, setBranding, t]);

  if (signedIn) return <Navigate to="/dashboard/default" replace />;
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <LoadingState label={t('branding.loading')} />
    </div>
  );
}
