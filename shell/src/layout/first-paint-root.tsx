/**
 * Around every page, antd or not: the page title, the sign-out redirect of the http client, the
 * connectivity check (the offline page and the network indicator depend on it), and scroll reset
 * on navigation (spec 2.5 rule 7). Needs no antd, so the sign-in page shows without it.
 */
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { onSignedOut } from '@meridian/shared/http/api';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import { pageBrand } from '../brands/brands';
import { startConnectivityCheck } from './top-bar/connectivity-check';

/**
 * Every address opened directly (typed, bookmarked, reloaded) has the location key "default", so
 * keyed by it alone one page reopened at the scroll position another page was left at (Templates
 * 254 px down). Such entries are keyed by their path; entries made by navigation keep their own key.
 */
export const scrollKey = (location: { key: string; pathname: string }) => (location.key === 'default' ? location.pathname : location.key);

export function FirstPaintRoot() {
  const navigate = useNavigate();

  useEffect(() => {
    document.title = pageBrand().name;
    onSignedOut((redirectFrom) => navigate(`${publicPages.screens.login}?redirectFrom=${encodeURIComponent(redirectFrom)}`));
    return startConnectivityCheck({});
  }, [navigate]);

  return (
    <>
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
