// Staff screens hold nothing public: a sign-out forgets every cached query (shared AppProviders).
export { AppProviders } from '@rivet/shared/ui/app-providers';
