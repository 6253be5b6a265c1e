import { LegalPage } from './LegalPage';
import { privacyPolicy } from './privacy-policy';
import { signaturePolicy } from './signature-policy';
import { terms } from './terms';

// The three static legal routes share one lazy chunk: one dynamic import in the router instead of three.
export const PrivacyPolicyPage = () => <LegalPage document={privacyPolicy} />;
export const TermsPage = () => <LegalPage document={terms} />;
export const SignaturePolicyPage = () => <LegalPage document={signaturePolicy} />;
