import { ContactForm } from '../../features/contact/components/contact-form';

/** `/contact`: the contact form of spec §5. */
export default function ContactRoute() {
  return <ContactForm headingLevel={1} />;
}
