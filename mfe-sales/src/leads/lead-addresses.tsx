/**
 * The addresses of a lead on its form: rows added and removed as the user goes (at most
 * LEAD_LIMITS.maxAddresses), each checked as typed against the contract's address rules.
 */
import { Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useFieldArray, type Control, type FieldPath } from 'react-hook-form';
import { LEAD_LIMITS, type LeadSave } from '@meridian/shared/contract/lead';
import { MESSAGES } from '@meridian/shared/messages';
import { NumberField, SelectField, TextField } from '@meridian/shared/ui/form-fields';
import { ADDRESS_TYPE_CHOICES, emptyAddress, type LeadFormInput } from './lead-form-schema';
import { addressHeading, LEAD_TEXT, maxAddressesText, removeAddressLabel } from './lead-text';

type AddressField = FieldPath<LeadFormInput>;
const at = (index: number, field: string) => `addresses.${index}.${field}` as AddressField;

export function LeadAddresses({ control }: { control: Control<LeadFormInput, unknown, LeadSave> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'addresses' });
  const full = fields.length >= LEAD_LIMITS.maxAddresses;

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {LEAD_TEXT.addresses}
        </Typography.Title>
        <Button
          icon={<PlusOutlined />}
          disabled={full}
          title={full ? maxAddressesText(LEAD_LIMITS.maxAddresses) : undefined}
          onClick={() => append(emptyAddress())}
        >
          {LEAD_TEXT.addAddress}
        </Button>
      </Flex>
      {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={LEAD_TEXT.noAddresses} />}
      {fields.map((row, index) => (
        <Card
          key={row.id}
          size="small"
          role="group"
          aria-label={addressHeading(index + 1)}
          title={addressHeading(index + 1)}
          extra={
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={removeAddressLabel(index + 1)}
              title={removeAddressLabel(index + 1)}
              onClick={() => remove(index)}
            />
          }
        >
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <SelectField control={control} name={at(index, 'type')} label={LEAD_TEXT.addressType} options={ADDRESS_TYPE_CHOICES} />
            </Col>
            <Col xs={24} md={16}>
              <TextField control={control} name={at(index, 'lineone')} label={LEAD_TEXT.addressLine} emptyAsNull />
            </Col>
            <Col xs={24} md={8}>
              <TextField control={control} name={at(index, 'city')} label={LEAD_TEXT.city} emptyAsNull />
            </Col>
            <Col xs={24} md={8}>
              <TextField control={control} name={at(index, 'postcode')} label={LEAD_TEXT.postcode} emptyAsNull />
            </Col>
            <Col xs={24} md={8}>
              <TextField control={control} name={at(index, 'state')} label={LEAD_TEXT.state} emptyAsNull />
            </Col>
            <Col xs={24} md={8}>
              <TextField control={control} name={at(index, 'country')} label={LEAD_TEXT.country} emptyAsNull />
            </Col>
            <Col xs={12} md={8}>
              <NumberField control={control} name={at(index, 'latitude')} label={MESSAGES.latitude} step={0.0001} />
            </Col>
            <Col xs={12} md={8}>
              <NumberField control={control} name={at(index, 'longitude')} label={MESSAGES.longitude} step={0.0001} />
            </Col>
          </Row>
        </Card>
      ))}
    </Flex>
  );
}
