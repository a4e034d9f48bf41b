import { Spinner } from '../../components/spinner';
import { useAllDeliveryAreas } from '../../features/admin/api/delivery-areas';
import { AreasAdmin } from '../../features/admin/components/areas-admin';
import { useDeliverySlots } from '../../features/checkout/api/get-delivery-slots';
import { useT } from '../../lib/i18n/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * `/dashboard/areas` (admins, DESIGN.md §15): every delivery area, inactive ones too, with Add
 * and Edit; the form offers the slot times on sale now (`GET /delivery-slots`).
 */
export default function DashboardAreasRoute() {
  const t = useT();
  useDocumentTitle(t('areas.title'));
  const areas = useAllDeliveryAreas();
  const { data: slots } = useDeliverySlots();
  if (!areas.data)
    return areas.fetchStatus === 'paused' || areas.isError ? (
      <p className="alert alert-warning" role="status">
        {areas.fetchStatus === 'paused' ? t('admin.offline') : t('areas.failed')}
      </p>
    ) : (
      <Spinner label={t('areas.loading')} />
    );
  return <AreasAdmin areas={areas.data} offeredSlots={slots ?? []} />;
}
