// SPDX-License-Identifier: GPL-3.0-or-later
#include "propertiesdock.h"

#include "fieldparsers.h"
#include "topologydocument.h"

#include <QCoreApplication>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QRegularExpression>
#include <QScrollArea>
#include <QStyle>
#include <QVBoxLayout>

namespace schedlab::ui {

namespace {
QString q(const std::string &s) { return QString::fromStdString(s); }
const char *const kInvalidStyle = "QLineEdit { border: 1px solid #d55e00; background: #fff4ec; }";
} // namespace

PropertiesDock::PropertiesDock(TopologyDocument *document, QWidget *parent)
    : QDockWidget(tr("Properties"), parent), mDocument(document)
{
    setObjectName("PropertiesDock");
    auto *body = new QWidget(this);
    auto *v = new QVBoxLayout(body);
    auto *scroll = new QScrollArea(body);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    mForm = new QWidget(scroll);
    mLayout = new QFormLayout(mForm);
    mLayout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    scroll->setWidget(mForm);
    mMessage = new QLabel(body);
    mMessage->setWordWrap(true);
    mMessage->setStyleSheet("color: #b3471b;");
    mProblems = new QListWidget(body);
    mProblems->setMaximumHeight(120);
    mProblems->setWordWrap(true);
    connect(mProblems, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
        static const QRegularExpression element(
            QStringLiteral(R"(^sites\[\d+\](\.eaps\[\d+\])?(\.nodes\[\d+\])?)"));
        const auto m = element.match(item->data(Qt::UserRole).toString());
        if (m.hasMatch())
            Q_EMIT problemActivated(m.captured(0));
    });
    v->addWidget(scroll, 1);
    v->addWidget(mMessage);
    v->addWidget(new QLabel(tr("Problems"), body));
    v->addWidget(mProblems);
    setWidget(body);

    connect(mDocument, &TopologyDocument::changed, this, [this] {
        if (!mCommitting)
            rebuild();
        refreshProblems();
    });
    rebuild();
}

void PropertiesDock::show(const QString &path, const QString &)
{
    mRef = ElementRef::parse(path);
    rebuild();
}

QStringList PropertiesDock::rows() const
{
    QStringList out;
    for (int r = 0; r < mLayout->rowCount(); ++r) {
        auto *label = mLayout->itemAt(r, QFormLayout::LabelRole);
        auto *field = mLayout->itemAt(r, QFormLayout::FieldRole);
        if (!label || !field)
            continue;
        const auto *l = qobject_cast<QLabel *>(label->widget());
        const auto *e = qobject_cast<QLineEdit *>(field->widget());
        if (l && e)
            out << l->text() + "=" + e->text();
    }
    return out;
}

QLineEdit *PropertiesDock::field(const QString &key) const
{
    return mForm->findChild<QLineEdit *>(key);
}

QString PropertiesDock::message() const { return mMessage->text(); }

void PropertiesDock::rebuild()
{
    while (mLayout->rowCount() > 0)
        mLayout->removeRow(0);
    mMessage->clear();
    const Scenario &s = mDocument->scenario();
    if (!mRef.valid(s))
        mRef = {};
    mKeyPrefix = mRef.kind == ElementRef::None ? QString() : mRef.path() + '.';
    switch (mRef.kind) {
    case ElementRef::None: showScenarioFields(); break;
    case ElementRef::Site: showSiteFields(mRef); break;
    case ElementRef::Eap: showEapFields(mRef); break;
    case ElementRef::Node: showNodeFields(mRef); break;
    }
    refreshProblems();
}

void PropertiesDock::addHeading(const QString &text)
{
    auto *h = new QLabel("<b>" + text.toHtmlEscaped() + "</b>", mForm);
    mLayout->addRow(h);
}

void PropertiesDock::addField(const QString &label, const QString &key, const std::string &value,
                              Setter set)
{
    auto *edit = new QLineEdit(q(value), mForm);
    edit->setObjectName(key);
    edit->setToolTip(mKeyPrefix + key);
    mLayout->addRow(new QLabel(label, mForm), edit);
    connect(edit, &QLineEdit::textEdited, this, [this, key, set, edit](const QString &text) {
        const QString problem = check(key, set, text);
        edit->setStyleSheet(problem.isEmpty() ? QString() : kInvalidStyle);
        mMessage->setText(problem);
    });
    connect(edit, &QLineEdit::editingFinished, this,
            [this, label, key, set, edit] { commit(label, key, set, edit); });
}

QString PropertiesDock::check(const QString &key, const Setter &set, const QString &text) const
{
    Scenario copy = mDocument->scenario();
    const std::string parseError = set(copy, text.toStdString());
    const std::string path = (mKeyPrefix + key).toStdString();
    if (!parseError.empty())
        return q(path + ": " + parseError);
    for (const ScenarioError &e : validateScenario(copy))
        if (e.keyPath == path || e.keyPath.rfind(path + ".", 0) == 0 ||
            e.keyPath.rfind(path + "[", 0) == 0)
            return q(e.keyPath + ": " + e.message);
    return {};
}

void PropertiesDock::commit(const QString &label, const QString &key, const Setter &set,
                            QLineEdit *edit)
{
    if (!check(key, set, edit->text()).isEmpty())
        return; // keep the text and its message; nothing invalid enters the model
    const std::string text = edit->text().toStdString();
    mCommitting = true;
    mDocument->edit(tr("Change %1").arg(label), TopologyDocument::Change::Properties,
                    [&](Scenario &s) { set(s, text); });
    mCommitting = false;
    edit->setStyleSheet({});
    mMessage->clear();
}

void PropertiesDock::showScenarioFields()
{
    const Scenario &s = mDocument->scenario();
    addHeading(tr("Scenario"));
    addField(tr("Name"), "name", s.name, fields::text([](Scenario &m) -> auto & { return m.name; }));
    addField(tr("Description"), "description", s.description,
             fields::text([](Scenario &m) -> auto & { return m.description; }, true));
    addField(tr("Seed"), "seed", std::to_string(s.seed), fields::seed());
    addHeading(tr("Time"));
    addField(tr("Slot"), "time.slot", formatDuration(s.time.slot),
             fields::quantity(Dimension::Duration, [](Scenario &m) -> auto & { return m.time.slot; }));
    addField(tr("Frame (slots)"), "time.frame", std::to_string(s.time.frame),
             fields::integer([](Scenario &m) -> auto & { return m.time.frame; }));
    addField(tr("Duration"), "time.duration", formatDuration(s.time.duration),
             fields::quantity(Dimension::Duration,
                              [](Scenario &m) -> auto & { return m.time.duration; }));
    addField(tr("Dispatch per slot"), "time.dispatch_per_slot",
             s.time.dispatchPerSlot == 0 ? "all" : std::to_string(s.time.dispatchPerSlot),
             fields::dispatchPerSlot());
    addHeading(tr("Network"));
    for (const auto &[name, link] : fields::networkLinks()) {
        const LinkSpec &l = link(const_cast<Scenario &>(s));
        const QString key = "network." + q(name);
        addField(q(name) + tr(" latency"), key + ".latency", formatDuration(l.latency),
                 fields::quantity(Dimension::Duration,
                                  [link](Scenario &m) -> auto & { return link(m).latency; }));
        addField(q(name) + tr(" bandwidth"), key + ".bandwidth", formatBandwidth(l.bandwidth),
                 fields::quantity(Dimension::Bandwidth,
                                  [link](Scenario &m) -> auto & { return link(m).bandwidth; }));
    }
    addHeading(tr("Workload and policies"));
    addField(tr("Request rate"), "workload.requests.rate", formatRate(s.workload.requests.rate),
             fields::quantity(Dimension::Rate,
                              [](Scenario &m) -> auto & { return m.workload.requests.rate; }));
    for (const auto &[plane, access] : fields::policyFields())
        addField(q(planeName(plane)), "policies." + q(planeName(plane)),
                 access(const_cast<Scenario &>(s)), fields::policy(plane, access));
}

template <typename T>
void PropertiesDock::addScalarFields(const TypeSchema<T> &schema, const T &object,
                                     std::type_identity_t<std::function<T &(Scenario &)>> access)
{
    for (const ScalarField<T> &field : schema.scalars) {
        if (field.key == std::string_view("name"))
            continue; // renaming goes through fields::rename, which keeps references
        const fields::Setter setter = std::visit(
            [&]<typename V>(V T::*member) -> fields::Setter {
                const fields::Access<V> value = [access, member](Scenario &m) -> V & {
                    return access(m).*member;
                };
                if constexpr (std::is_same_v<V, std::string>)
                    return fields::text(value, field.bound != FieldBound::NonEmpty);
                else if constexpr (std::is_same_v<V, int>)
                    return fields::integer(value);
                else
                    return fields::quantity(field.dimension, value);
            },
            field.member);
        addField(QCoreApplication::translate("schedlab::ui::PropertiesDock", field.label),
                 q(field.key), formatField(field, object), setter);
    }
}

void PropertiesDock::showSiteFields(const ElementRef &ref)
{
    const SiteSpec &site = mDocument->scenario().sites[ref.site];
    const int i = ref.site;
    addHeading(site.kind == SiteKind::Cloud ? tr("Cloud site") : tr("Edge site"));
    addField(tr("Name"), "name", site.name, fields::rename(ref));
    addScalarFields(siteSchema(), site, [i](Scenario &m) -> SiteSpec & { return m.sites[i]; });
}

void PropertiesDock::showEapFields(const ElementRef &ref)
{
    const EapSpec &eap = mDocument->scenario().sites[ref.site].eaps[ref.eap];
    addHeading(tr("eAP"));
    addField(tr("Name"), "name", eap.name, fields::rename(ref));
}

void PropertiesDock::showNodeFields(const ElementRef &ref)
{
    const NodeSpec &n = ref.node(mDocument->scenario());
    addHeading(ref.eap >= 0 ? tr("Edge node group") : tr("Cloud VM group"));
    addField(tr("Name"), "name", n.name, fields::rename(ref));
    addScalarFields(nodeSchema(), n, [ref](Scenario &m) -> NodeSpec & { return ref.node(m); });
    addField(tr("Labels"), "labels", fields::formatLabels(n.labels), fields::labels(ref));
    addField(tr("Taints"), "taints", fields::formatTaints(n.taints), fields::taints(ref));
}

void PropertiesDock::refreshProblems()
{
    mProblems->clear();
    for (const auto *list : {&mDocument->problems(), &mDocument->warnings()})
        for (const ScenarioError &e : *list) {
            const std::string at = e.line > 0 ? "line " + std::to_string(e.line) + ":" +
                                                    std::to_string(e.column) + ": "
                                              : "";
            const std::string kind = e.warning ? "warning: " : "";
            auto *item = new QListWidgetItem(q(kind + at + e.keyPath + ": " + e.message), mProblems);
            item->setData(Qt::UserRole, q(e.keyPath));
            item->setData(Qt::UserRole + 1, e.warning);
            item->setIcon(style()->standardIcon(e.warning ? QStyle::SP_MessageBoxWarning
                                                          : QStyle::SP_MessageBoxCritical));
            item->setToolTip(e.warning ? tr("A warning: the scenario can still be saved and run.")
                                       : tr("An error: fix it to save or run the scenario."));
        }
    if (mDocument->problems().empty())
        mProblems->addItem(mDocument->warnings().empty()
                               ? tr("No problems: the scenario can be saved and run.")
                               : tr("No errors: the scenario can be saved and run (%n "
                                    "warning(s) above).",
                                    nullptr, int(mDocument->warnings().size())));
}

} // namespace schedlab::ui
